#ifndef MODELKIT_CYAJL_SHIM_H
#define MODELKIT_CYAJL_SHIM_H

#include <yajl/yajl_parse.h>
#include <yajl/yajl_gen.h>
#include <locale.h>

// yajl_config and yajl_gen_config are C-variadic, which Swift cannot call:
// these fixed-arity wrappers are the only way to set options from Swift.

static inline int cyajl_config(yajl_handle handle, yajl_option option, int enabled) {
    return yajl_config(handle, option, enabled);
}

static inline int cyajl_gen_config(yajl_gen gen, yajl_gen_option option, int enabled) {
    return yajl_gen_config(gen, option, enabled);
}

static inline int cyajl_gen_config_indent(yajl_gen gen, const char *indent) {
    return yajl_gen_config(gen, yajl_gen_indent_string, indent);
}

// The number parser's slow path: glibc's correctly rounded strtod under an explicit "C" locale
// (so an app's setlocale cannot turn "." into ","). glibc declares these only under _GNU_SOURCE,
// which a module header cannot set for the system headers, so they are declared here.
extern double strtod_l(const char *text, char **end, locale_t locale);
extern float strtof_l(const char *text, char **end, locale_t locale);

static inline locale_t cyajl_new_c_locale(void) {
    return newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

#endif
