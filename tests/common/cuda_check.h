// cuda_check.h: CK(call), for the GPU test and benchmark programs: a CUDA
// runtime call that fails prints where and why and exits with status 1.
#ifndef SYMKERN_CUDA_CHECK_H
#define SYMKERN_CUDA_CHECK_H

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#define CK(call)                                                                        \
	do {                                                                            \
		cudaError_t e_ = (call);                                                \
		if (e_ != cudaSuccess) {                                                \
			fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
			        cudaGetErrorString(e_));                                \
			exit(1);                                                        \
		}                                                                       \
	} while (0)

#endif
