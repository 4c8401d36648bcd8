// gpu_oracle.cu: evaluates the oracle's points on the GPU (docs/accuracy.md).
//
//     gpu_oracle DIR OUTDIR
//
// DIR is what `oracle.py export DIR` wrote: cases.txt and points.bin (see
// tests/oracle/gpu.py), and the library oracle.h / oracle.cu this program
// is compiled with (nvcc -I DIR gpu_oracle.cu DIR/oracle.cu).  Each case's
// points go through its map function of oracle_gpu_table, found by name,
// and the results are appended to OUTDIR/gpu.bin in the order of
// cases.txt.  Exits 77 (skip) without a GPU, 1 on any error.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "../common/cuda_check.h"
#include "oracle.h"
#include "oracle_main.h"

static const oracle_fn_info *lookup(const char *name)
{
	for (const oracle_fn_info *f = oracle_gpu_table; f->name; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return nullptr;
}

// One case: nargs rows of n values of T from in, n results to out.
template <typename T, typename Fn>
static int run(Fn fn, int nargs, size_t n, FILE *in, FILE *out)
{
	std::vector<T> host((size_t)nargs * n + (n ? 0 : 1)), res(n + 1);
	if (fread(host.data(), sizeof(T), (size_t)nargs * n, in) != (size_t)nargs * n)
		return -1;
	std::vector<T *> dev(nargs > 0 ? nargs : 1, nullptr);
	std::vector<const T *> dp(nargs > 0 ? nargs : 1, nullptr);
	std::vector<ptrdiff_t> inc(nargs > 0 ? nargs : 1, 1);
	for (int j = 0; j < nargs; j++) {
		CK(cudaMalloc(&dev[j], n * sizeof(T) + 1));
		CK(cudaMemcpy(dev[j], host.data() + (size_t)j * n, n * sizeof(T), cudaMemcpyHostToDevice));
		dp[j] = dev[j];
	}
	T *dout;
	CK(cudaMalloc(&dout, n * sizeof(T) + 1));
	int rc = fn(n, dp.data(), inc.data(), dout, 1, nullptr);
	CK(cudaGetLastError());
	CK(cudaDeviceSynchronize());
	CK(cudaMemcpy(res.data(), dout, n * sizeof(T), cudaMemcpyDeviceToHost));
	for (int j = 0; j < nargs; j++)
		CK(cudaFree(dev[j]));
	CK(cudaFree(dout));
	if (rc != 0)
		return rc;
	return fwrite(res.data(), sizeof(T), n, out) == n ? 0 : -1;
}

// One line of cases.txt: "KIND NAME PREC NARGS N".
static int one(const char *line, FILE *in, FILE *out)
{
	char kind[64], name[300], prec[8];
	int nargs;
	size_t n;
	if (sscanf(line, "%63s %299s %7s %d %zu", kind, name, prec, &nargs, &n) != 5) {
		fprintf(stderr, "gpu_oracle: bad line in cases.txt: %s", line);
		return -1;
	}
	const oracle_fn_info *f = lookup(name);
	if (!f) {
		fprintf(stderr, "gpu_oracle: %s is not in oracle_gpu_table\n", name);
		return -1;
	}
	int rc = strcmp(prec, "f64") == 0 ? run<double>(f->map_f64, nargs, n, in, out)
	                                  : run<float>(f->map_f32, nargs, n, in, out);
	if (rc != 0) {
		fprintf(stderr, "gpu_oracle: %s %s failed (%d)\n", name, prec, rc);
		return -1;
	}
	return 1;
}

int main(int argc, char **argv)
{
	return oracle_main(argc, argv, "gpu_oracle", "cases.txt", "points.bin", "gpu.bin", one);
}
