/* Cubic-bezier curves: scalar reference and public entry points. Placeholder until the family lands. */
#include "bezier_internal.h"
const struct ck_bezier_ops ck_bezier_ops_scalar = {0};
ck_status ck_bezier_init(ck_bezier *b, double x1, double y1, double x2, double y2) { (void)b; (void)x1; (void)y1; (void)x2; (void)y2; return CK_ERR_ARGUMENT; }
double ck_bezier_value(const ck_bezier *b, double x) { (void)b; return x; }
double ck_bezier_slope(const ck_bezier *b, double x) { (void)b; (void)x; return 1.0; }
ck_status ck_bezier_value_n(const ck_bezier *b, const float *x, float *y, size_t n) { (void)b; (void)x; (void)y; (void)n; return CK_ERR_ARGUMENT; }
