/* Springs: scalar reference and public entry points. Placeholder until the spring family lands. */
#include "spring_internal.h"
const struct ck_spring_ops ck_spring_ops_scalar = {0};
ck_status ck_spring_make(double m, double k, double c, ck_spring *out) { (void)m; (void)k; (void)c; return out ? CK_ERR_ARGUMENT : CK_ERR_NULL; }
ck_status ck_spring_from_response(double r, double z, ck_spring *out) { (void)r; (void)z; return out ? CK_ERR_ARGUMENT : CK_ERR_NULL; }
ck_status ck_spring_from_duration(double d, double b, ck_spring *out) { (void)d; (void)b; return out ? CK_ERR_ARGUMENT : CK_ERR_NULL; }
ck_status ck_spring_eval(ck_spring s, double x0, double v0, double t, double *x, double *v) { (void)s; (void)x0; (void)v0; (void)t; (void)x; (void)v; return CK_ERR_ARGUMENT; }
ck_status ck_spring_settling_time(ck_spring s, double x0, double v0, double e, double *t) { (void)s; (void)x0; (void)v0; (void)e; (void)t; return CK_ERR_ARGUMENT; }
ck_status ck_propagator_make(ck_spring s, double dt, ck_propagator *out) { (void)s; (void)dt; (void)out; return CK_ERR_ARGUMENT; }
ck_status ck_propagate_n(const ck_propagator *p, size_t np, float *x, float *v, size_t n) { (void)p; (void)np; (void)x; (void)v; (void)n; return CK_ERR_ARGUMENT; }
ck_status ck_spring_eval_n(const float *w, const float *z, const float *x0, const float *v0, const float *t, float *x, float *v, size_t n) { (void)w; (void)z; (void)x0; (void)v0; (void)t; (void)x; (void)v; (void)n; return CK_ERR_ARGUMENT; }
