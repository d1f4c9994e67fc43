@_exported import ModelKitCore
