#!/usr/bin/env python3
"""post.py PORT PATH BODY_FILE N: N POSTs of the file over one keep-alive connection; fails on a non-200."""
import http.client
import sys

port, path, body_file, count = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
body = open(body_file, "rb").read()
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
for _ in range(count):
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"{path} answered {response.status}")
