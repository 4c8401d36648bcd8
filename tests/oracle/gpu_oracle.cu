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
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../cuda_check.h"
#include "oracle.h"

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

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: gpu_oracle DIR OUTDIR\n");
		return 1;
	}
	int ndev = 0;
	if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
		printf("SKIP: no CUDA device\n");
		return 77;
	}
	const std::string dir = argv[1], outdir = argv[2];
	FILE *cases = fopen((dir + "/cases.txt").c_str(), "r");
	FILE *in = fopen((dir + "/points.bin").c_str(), "rb");
	FILE *out = fopen((outdir + "/gpu.bin").c_str(), "wb");
	if (!cases || !in || !out) {
		perror("gpu_oracle: cannot open cases.txt, points.bin or OUTDIR/gpu.bin");
		return 1;
	}
	char line[512], kind[64], name[300], prec[8];
	int nargs, ncases = 0;
	size_t n;
	while (fgets(line, sizeof line, cases)) {
		if (line[0] == '#')
			continue;
		if (sscanf(line, "%63s %299s %7s %d %zu", kind, name, prec, &nargs, &n) != 5) {
			fprintf(stderr, "gpu_oracle: bad line in cases.txt: %s", line);
			return 1;
		}
		const oracle_fn_info *f = lookup(name);
		if (!f) {
			fprintf(stderr, "gpu_oracle: %s is not in oracle_gpu_table\n", name);
			return 1;
		}
		int rc = strcmp(prec, "f64") == 0 ? run<double>(f->map_f64, nargs, n, in, out)
		                                  : run<float>(f->map_f32, nargs, n, in, out);
		if (rc != 0) {
			fprintf(stderr, "gpu_oracle: %s %s failed (%d)\n", name, prec, rc);
			return 1;
		}
		ncases++;
	}
	if (fclose(out) != 0) {
		perror("gpu_oracle: writing gpu.bin");
		return 1;
	}
	printf("gpu_oracle: %d cases written to %s/gpu.bin\n", ncases, outdir.c_str());
	return 0;
}
