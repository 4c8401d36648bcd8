#include "small.h"
#include "seeds.h"
int main(void) { double x = 2, y = 0, z = 0;
  if (small_poly_map_f64_cpu(1, &x, 1, &x, 1, &y, 1) != 0) return 1;
  if (seeds_siny_map_f64_cpu(1, &x, 1, &z, 1) != 0) return 1;
  return y == small_poly_f64(2, 2) && z == seeds_siny_f64(2) ? 0 : 1; }
