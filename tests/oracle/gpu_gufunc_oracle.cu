// gpu_gufunc_oracle.cu: evaluates the oracle's gufunc calls on the GPU
// (docs/accuracy.md, "Gufuncs").
//
//     gpu_gufunc_oracle DIR OUTDIR
//
// DIR is what `oracle.py export DIR` wrote: gufuncs.txt and gu_points.bin
// (see tests/oracle/gpu.py), the library gu.h / gu.cu and gu_calls.inc,
// one wrapper per gufunc and precision, which this program is compiled
// with (nvcc -I DIR gpu_gufunc_oracle.cu DIR/gu.cu).  Each group's inputs
// are laid out on the device in the row layout, an item's elements
// contiguous (increments (L, 1)), then in the column layout, element e of
// item b at e*batch + b (increments (1, batch)); results are poisoned
// (NaN) before each call, read back in item order and appended to
// OUTDIR/gu_gpu.bin (rows, then cols, for each group).  Exits 77
// (skip) without a GPU, 1 on any error (a status other than 0 included).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"
#include "gu.h"
#include "oracle_main.h"

struct GuCall {
	const char *name;
	int (*f64)(size_t, size_t, double *const *, double *const *, int, cudaStream_t);
	int (*f32)(size_t, size_t, float *const *, float *const *, int, cudaStream_t);
};

#include "gu_calls.inc"

// One group: its inputs read once, then called in the row and in the
// column layout, the outputs of both appended to out.
template <typename T>
static int run(int (*fn)(size_t, size_t, T *const *, T *const *, int, cudaStream_t), size_t batch, size_t n,
               const std::vector<size_t> &lin, const std::vector<size_t> &lout, FILE *in, FILE *out)
{
	std::vector<std::vector<T>> host(lin.size());
	for (size_t i = 0; i < lin.size(); i++) {
		host[i].resize(batch * lin[i]);
		if (fread(host[i].data(), sizeof(T), host[i].size(), in) != host[i].size())
			return -100;
	}
	for (int cols = 0; cols < 2; cols++) {
		std::vector<T *> din(lin.size() + 1, nullptr), dout(lout.size() + 1, nullptr);
		for (size_t i = 0; i < lin.size(); i++) {
			const size_t L = lin[i], cnt = batch * L;
			std::vector<T> t(cnt);
			for (size_t b = 0; b < batch; b++)
				for (size_t e = 0; e < L; e++)
					t[cols ? e * batch + b : b * L + e] = host[i][b * L + e];
			CK(cudaMalloc(&din[i], cnt * sizeof(T)));
			CK(cudaMemcpy(din[i], t.data(), cnt * sizeof(T), cudaMemcpyHostToDevice));
		}
		for (size_t i = 0; i < lout.size(); i++) {
			CK(cudaMalloc(&dout[i], batch * lout[i] * sizeof(T)));
			CK(cudaMemset(dout[i], 0xff, batch * lout[i] * sizeof(T))); // NaN
		}
		int rc = fn(batch, n, din.data(), dout.data(), cols, nullptr);
		CK(cudaGetLastError());
		CK(cudaDeviceSynchronize());
		if (rc != 0)
			return rc;
		for (size_t i = 0; i < lout.size(); i++) {
			const size_t L = lout[i], cnt = batch * L;
			std::vector<T> h(cnt), t(cnt);
			CK(cudaMemcpy(t.data(), dout[i], cnt * sizeof(T), cudaMemcpyDeviceToHost));
			for (size_t b = 0; b < batch; b++)
				for (size_t e = 0; e < L; e++)
					h[b * L + e] = t[cols ? e * batch + b : b * L + e];
			if (fwrite(h.data(), sizeof(T), cnt, out) != cnt)
				return -101;
			CK(cudaFree(dout[i]));
		}
		for (size_t i = 0; i < lin.size(); i++)
			CK(cudaFree(din[i]));
	}
	return 0;
}

// One line of gufuncs.txt: "NAME PREC BATCH N NIN NOUT" and the NIN input
// and NOUT output lengths; two calls (rows, columns).
static int one(const char *line, FILE *in, FILE *out)
{
	char name[300], prec[8];
	size_t batch, n;
	int nin, nout, used;
	if (sscanf(line, "%299s %7s %zu %zu %d %d%n", name, prec, &batch, &n, &nin, &nout, &used) != 6 || nin < 0 ||
	    nout < 1 || nin > 64 || nout > 64) {
		fprintf(stderr, "gpu_gufunc_oracle: bad line in gufuncs.txt: %s", line);
		return -1;
	}
	std::vector<size_t> lin((size_t)nin), lout((size_t)nout);
	const char *p = line + used;
	for (int i = 0; i < nin + nout; i++) {
		char *end;
		unsigned long v = strtoul(p, &end, 10);
		if (end == p) {
			fprintf(stderr, "gpu_gufunc_oracle: bad line in gufuncs.txt: %s", line);
			return -1;
		}
		(i < nin ? lin[(size_t)i] : lout[(size_t)(i - nin)]) = v;
		p = end;
	}
	const GuCall *c = gu_calls;
	while (c->name && strcmp(c->name, name) != 0)
		c++;
	if (!c->name) {
		fprintf(stderr, "gpu_gufunc_oracle: %s is not in gu_calls.inc\n", name);
		return -1;
	}
	int rc = strcmp(prec, "f64") == 0 ? run<double>(c->f64, batch, n, lin, lout, in, out)
	                                  : run<float>(c->f32, batch, n, lin, lout, in, out);
	if (rc != 0) {
		fprintf(stderr, "gpu_gufunc_oracle: %s %s (batch %zu, n %zu) failed (%d)\n", name, prec, batch, n,
		        rc);
		return -1;
	}
	return 2;
}

int main(int argc, char **argv)
{
	return oracle_main(argc, argv, "gpu_gufunc_oracle", "gufuncs.txt", "gu_points.bin", "gu_gpu.bin", one);
}
