/* mpi_map.c: seeds' gauss(x, mu, sigma) of examples/seeds.sym, with mu and
 * sigma fixed (broadcast, increment 0), over a binary file of doubles (the
 * machine's byte order), spread over MPI ranks.
 *
 *   mpi_map write FILE N                 N doubles from -8 to 8, the input
 *   mpirun -np P mpi_map run IN OUT [C]  each rank its slice, by MPI-IO
 *   mpi_map serial IN OUT [C]            the same in one process, with stdio
 *   mpi_map compare A B TOL              exit 1 unless A and B agree to TOL
 *
 * run: every rank reads its contiguous slice with MPI_File_read_at_all and
 * writes the results with MPI_File_write_at_all, C doubles a round (default
 * 2^22, 32 MiB), so memory stays bounded whatever the file size.  Built
 * with -DMPI_MAP_CUDA, a rank uses the GPU of its rank on the node
 * (MPI_Comm_split_type(MPI_COMM_TYPE_SHARED), modulo the GPUs it sees),
 * else, or where there is no GPU, the CPU fallback.  serial always uses the
 * CPU fallback: it is the reference that compare checks run against. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seeds.h"
#ifdef MPI_MAP_CUDA
#include <cuda_runtime_api.h>
#endif

static const double MU = 0.5, SIGMA = 2.0;

static void die(const char *msg)
{
	int mpi = 0;
	fprintf(stderr, "mpi_map: %s\n", msg);
	MPI_Initialized(&mpi); /* in a run, stop every rank */
	if (mpi)
		MPI_Abort(MPI_COMM_WORLD, 1);
	exit(1);
}

/* MPI-IO returns errors (its default handler is MPI_ERRORS_RETURN). */
static void check_mpi(int rc, const char *what)
{
	if (rc != MPI_SUCCESS) {
		char s[MPI_MAX_ERROR_STRING];
		int len;
		MPI_Error_string(rc, s, &len);
		fprintf(stderr, "mpi_map: %s: %s\n", what, s);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
}

static size_t chunk_arg(int argc, char **argv, int i)
{
	long long c = argc > i ? atoll(argv[i]) : 1LL << 22;
	if (c < 1 || c > 1LL << 27) /* a count of doubles MPI takes as int */
		die("chunk must be 1 to 2^27 doubles");
	return (size_t)c;
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die("out of memory");
	return p;
}

/* Where a rank computes: the GPU buffers, or none for the CPU fallback. */
typedef struct {
	int gpu; /* device number, or -1 */
	double *dx, *dy, *dms;
} Where;

static void compute(Where *w, size_t n, const double *x, double *y)
{
	int rc;
#ifdef MPI_MAP_CUDA
	if (w->gpu >= 0) {
		if (cudaMemcpy(w->dx, x, n * sizeof *x, cudaMemcpyHostToDevice) != cudaSuccess)
			die("cudaMemcpy to the GPU failed");
		rc = seeds_gauss_map_f64(n, w->dx, 1, w->dms, 0, w->dms + 1, 0, w->dy, 1, NULL);
		if (rc == SEEDS_OK && cudaMemcpy(y, w->dy, n * sizeof *y, cudaMemcpyDeviceToHost) != cudaSuccess)
			rc = SEEDS_ECUDA;
		if (rc != SEEDS_OK)
			die(seeds_strerror(rc));
		return;
	}
#endif
	(void)w;
	rc = seeds_gauss_map_f64_cpu(n, x, 1, &MU, 0, &SIGMA, 0, y, 1);
	if (rc != SEEDS_OK)
		die(seeds_strerror(rc));
}

/* The GPU of this rank's place on its node, if built with CUDA and one is
 * there. */
static Where choose(int local)
{
	Where w = {-1, NULL, NULL, NULL};
#ifdef MPI_MAP_CUDA
	int ndev = 0;
	if (cudaGetDeviceCount(&ndev) == cudaSuccess && ndev > 0 && cudaSetDevice(local % ndev) == cudaSuccess)
		w.gpu = local % ndev;
#else
	(void)local;
#endif
	return w;
}

static void gpu_alloc(Where *w, size_t chunk)
{
#ifdef MPI_MAP_CUDA
	const double ms[2] = {MU, SIGMA};
	if (w->gpu >= 0 &&
	    (cudaMalloc((void **)&w->dx, chunk * sizeof(double)) != cudaSuccess ||
	     cudaMalloc((void **)&w->dy, chunk * sizeof(double)) != cudaSuccess ||
	     cudaMalloc((void **)&w->dms, sizeof ms) != cudaSuccess ||
	     cudaMemcpy(w->dms, ms, sizeof ms, cudaMemcpyHostToDevice) != cudaSuccess))
		die("cannot allocate GPU memory");
#else
	(void)w;
	(void)chunk;
#endif
}

static int run(int argc, char **argv)
{
	int rank, size, local;
	MPI_Comm node;
	MPI_File fin, fout;
	MPI_Offset bytes;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc < 4)
		die("usage: mpi_map run IN OUT [CHUNK]");
	size_t chunk = chunk_arg(argc, argv, 4);
	MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
	MPI_Comm_rank(node, &local);
	Where w = choose(local);

	check_mpi(MPI_File_open(MPI_COMM_WORLD, argv[2], MPI_MODE_RDONLY, MPI_INFO_NULL, &fin), argv[2]);
	check_mpi(MPI_File_get_size(fin, &bytes), "MPI_File_get_size");
	if (bytes % (MPI_Offset)sizeof(double) != 0)
		die("input size is not a whole number of doubles");
	check_mpi(MPI_File_open(MPI_COMM_WORLD, argv[3], MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fout),
	          argv[3]);
	check_mpi(MPI_File_set_size(fout, bytes), "MPI_File_set_size"); /* drops an older, longer file's tail */

	/* Rank r takes n/P elements, one more for the first n%P ranks. */
	const size_t n = (size_t)bytes / sizeof(double), P = (size_t)size, r = (size_t)rank;
	const size_t count = n / P + (r < n % P), first = n / P * r + (r < n % P ? r : n % P);
	/* Collective calls: every rank makes as many rounds as the largest slice needs. */
	const size_t most = n / P + (n % P != 0), rounds = (most + chunk - 1) / chunk;
	const size_t buf = count < chunk ? count : chunk;
	double *x = xmalloc(buf * sizeof *x), *y = xmalloc(buf * sizeof *y);
	gpu_alloc(&w, buf);

	double t0 = MPI_Wtime();
	for (size_t k = 0, done = 0; k < rounds; k++) {
		const size_t m = count - done < chunk ? count - done : chunk;
		const MPI_Offset at = (MPI_Offset)((first + done) * sizeof(double));
		MPI_Status st;
		int got;
		check_mpi(MPI_File_read_at_all(fin, at, x, (int)m, MPI_DOUBLE, &st), "MPI_File_read_at_all");
		MPI_Get_count(&st, MPI_DOUBLE, &got);
		if ((size_t)got != m)
			die("short read");
		if (m > 0)
			compute(&w, m, x, y);
		check_mpi(MPI_File_write_at_all(fout, at, y, (int)m, MPI_DOUBLE, &st), "MPI_File_write_at_all");
		done += m;
	}
	check_mpi(MPI_File_close(&fout), "MPI_File_close");
	check_mpi(MPI_File_close(&fin), "MPI_File_close");
	double t = MPI_Wtime() - t0, tmax;
	MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

	if (w.gpu >= 0)
		printf("rank %d (node rank %d): %zu doubles from %zu on GPU %d\n", rank, local, count, first, w.gpu);
	else
		printf("rank %d (node rank %d): %zu doubles from %zu on the CPU\n", rank, local, count, first);
	if (rank == 0)
		printf("%zu doubles on %d ranks in %.3f s (%.2f GB/s read+write)\n", n, size, tmax,
		       tmax > 0 ? 2e-9 * (double)bytes / tmax : 0.0);
	free(x);
	free(y);
	MPI_Comm_free(&node);
	MPI_Finalize();
	return 0;
}

static FILE *xfopen(const char *name, const char *mode)
{
	FILE *f = fopen(name, mode);
	if (!f) {
		perror(name);
		exit(1);
	}
	return f;
}

static int serial(int argc, char **argv)
{
	if (argc < 4)
		die("usage: mpi_map serial IN OUT [CHUNK]");
	size_t chunk = chunk_arg(argc, argv, 4), m;
	FILE *in = xfopen(argv[2], "rb"), *out = xfopen(argv[3], "wb");
	double *x = xmalloc(chunk * sizeof *x), *y = xmalloc(chunk * sizeof *y);
	Where cpu = {-1, NULL, NULL, NULL};
	while ((m = fread(x, sizeof *x, chunk, in)) > 0) {
		compute(&cpu, m, x, y);
		if (fwrite(y, sizeof *y, m, out) != m)
			die("write error");
	}
	if (ferror(in) || fclose(out) != 0)
		die("I/O error");
	fclose(in);
	free(x);
	free(y);
	return 0;
}

static int write_input(int argc, char **argv)
{
	if (argc != 4)
		die("usage: mpi_map write FILE N");
	long long n = atoll(argv[3]);
	if (n < 1)
		die("N must be positive");
	FILE *f = xfopen(argv[2], "wb");
	for (long long i = 0; i < n; i++) {
		double v = -8.0 + 16.0 * (double)i / (double)n;
		if (fwrite(&v, sizeof v, 1, f) != 1)
			die("write error");
	}
	if (fclose(f) != 0)
		die("write error");
	return 0;
}

/* Largest difference, relative where |b| > 1e-300 (the density's tail is
 * tiny, not zero); sizes must match. */
static int compare(int argc, char **argv)
{
	if (argc != 5)
		die("usage: mpi_map compare A B TOL");
	double tol = atof(argv[4]), worst = 0, a, b;
	FILE *fa = xfopen(argv[2], "rb"), *fb = xfopen(argv[3], "rb");
	size_t n = 0, ra;
	while ((ra = fread(&a, sizeof a, 1, fa)) == 1 && fread(&b, sizeof b, 1, fb) == 1) {
		double d = fabs(a - b) / (fabs(b) > 1e-300 ? fabs(b) : 1.0);
		if (!(d <= worst)) /* NaN counts as worst */
			worst = isnan(d) ? INFINITY : d;
		n++;
	}
	int same_size = ra == 0 && fread(&b, sizeof b, 1, fb) == 0;
	fclose(fa);
	fclose(fb);
	printf("%zu doubles compared, largest relative difference %.3g (tolerance %.3g)%s\n", n, worst, tol,
	       same_size ? "" : ", sizes differ");
	return !(same_size && n > 0 && worst <= tol);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	if (strcmp(mode, "run") == 0)
		return run(argc, argv);
	if (strcmp(mode, "serial") == 0)
		return serial(argc, argv);
	if (strcmp(mode, "write") == 0)
		return write_input(argc, argv);
	if (strcmp(mode, "compare") == 0)
		return compare(argc, argv);
	fprintf(stderr, "usage: mpi_map write FILE N | run IN OUT [CHUNK] | serial IN OUT [CHUNK] |\n"
	                "               compare A B TOL\n");
	return 2;
}
