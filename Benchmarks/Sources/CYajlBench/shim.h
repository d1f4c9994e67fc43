#include <yajl/yajl_parse.h>
static inline int cyajlbench_config(yajl_handle h, yajl_option o, int on) { return yajl_config(h, o, on); }
