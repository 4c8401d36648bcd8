/* test_wave.c: checks the library generated from wave.sym against libm:
 * every f64 and f32 map function of the CPU fallback on a grid of
 * arguments, strided and broadcast inputs, two argument errors, and, built
 * with -DWAVE_CUDA where a GPU is present, the GPU map functions against
 * the CPU.  Exits 1 on the first function out of tolerance. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "wave.h"
#ifdef WAVE_CUDA
#include <cuda_runtime_api.h>
#endif

enum { N = 4096 };
static double t[N], a[N], w[N], out[N];
static float tf[N], af[N], wf[N], outf[N];

/* Relative error, absolute where the reference is below 1 in magnitude. */
static double err(double got, double want)
{
	double d = fabs(got - want);
	return fabs(want) > 1.0 ? d / fabs(want) : d;
}

static int failures;
static void check(const char *what, double maxerr, double tol)
{
	printf("%-24s max error %.3g (tolerance %.3g)\n", what, maxerr, tol);
	if (!(maxerr <= tol)) /* also catches NaN */
		failures++;
}

int main(void)
{
	double e;
	int i, rc;

	for (i = 0; i < N; i++) {
		t[i] = -3.0 + 13.0 * i / N;
		a[i] = 0.05 + 2.0 * ((i * 7919) % N) / N;
		w[i] = -20.0 + 40.0 * ((i * 104729) % N) / N;
		tf[i] = (float)t[i];
		af[i] = (float)a[i];
		wf[i] = (float)w[i];
	}

	rc = wave_damped_map_f64_cpu(N, t, 1, a, 1, w, 1, out, 1);
	for (e = 0, i = 0; i < N; i++)
		e = fmax(e, err(out[i], exp(-a[i] * t[i]) * cos(w[i] * t[i])));
	check("damped f64", rc == WAVE_OK ? e : INFINITY, 1e-13);

	/* lse with b broadcast (increment 0), a read backwards. */
	rc = wave_lse_map_f64_cpu(N, t + N - 1, -1, &a[0], 0, out, 1);
	for (e = 0, i = 0; i < N; i++)
		e = fmax(e, err(out[i], log(exp(t[N - 1 - i]) + exp(a[0]))));
	check("lse f64 (strided)", rc == WAVE_OK ? e : INFINITY, 1e-13);

	rc = wave_dist_map_f64_cpu(N / 2, t, 2, w, 2, out, 1);
	for (e = 0, i = 0; i < N / 2; i++)
		e = fmax(e, err(out[i], hypot(t[2 * i], w[2 * i])));
	check("dist f64 (increment 2)", rc == WAVE_OK ? e : INFINITY, 1e-13);

	rc = wave_damped_map_f32_cpu(N, tf, 1, af, 1, wf, 1, outf, 1);
	for (e = 0, i = 0; i < N; i++) {
		/* The products rounded to float as the library rounds them. */
		e = fmax(e, err(outf[i], exp((double)(-af[i] * tf[i])) * cos((double)(wf[i] * tf[i]))));
	}
	check("damped f32", rc == WAVE_OK ? e : INFINITY, 1e-5);

	/* Argument errors are returned, not crashed on. */
	check("inc_out 0 refused", wave_dist_map_f64_cpu(N, t, 1, w, 1, out, 0) == WAVE_EINC ? 0 : 1, 0);
	check("NULL input refused", wave_dist_map_f64_cpu(N, NULL, 1, w, 1, out, 1) == WAVE_EINVAL ? 0 : 1, 0);

#ifdef WAVE_CUDA
	{
		int ndev = 0;
		double *dt, *da, *dw, *dout;
		static double gpu[N];

		if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
			printf("no GPU: GPU functions not tested\n");
		} else if (cudaMalloc((void **)&dt, sizeof t) != cudaSuccess ||
		           cudaMalloc((void **)&da, sizeof a) != cudaSuccess ||
		           cudaMalloc((void **)&dw, sizeof w) != cudaSuccess ||
		           cudaMalloc((void **)&dout, sizeof out) != cudaSuccess) {
			check("cudaMalloc", INFINITY, 0);
		} else {
			cudaMemcpy(dt, t, sizeof t, cudaMemcpyHostToDevice);
			cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
			cudaMemcpy(dw, w, sizeof w, cudaMemcpyHostToDevice);
			rc = wave_damped_map_f64(N, dt, 1, da, 1, dw, 1, dout, 1, NULL);
			if (rc == WAVE_OK && cudaMemcpy(gpu, dout, sizeof gpu, cudaMemcpyDeviceToHost) != cudaSuccess)
				rc = WAVE_ECUDA;
			wave_damped_map_f64_cpu(N, t, 1, a, 1, w, 1, out, 1);
			for (e = 0, i = 0; i < N; i++)
				e = fmax(e, err(gpu[i], out[i]));
			check("damped f64 GPU vs CPU", rc == WAVE_OK ? e : INFINITY, 1e-13);
			cudaFree(dt);
			cudaFree(da);
			cudaFree(dw);
			cudaFree(dout);
		}
	}
#endif
	if (failures)
		fprintf(stderr, "test_wave: %d check(s) failed\n", failures);
	return failures != 0;
}
