/* output.c: see output.h.  m4 runs as `m4 -P -E symkern.m4 - TEMPLATE`
 * with the definitions on its standard input: -P prefixes every builtin with
 * m4_, so no C or CUDA word is a macro; symkern.m4 switches the quotes to
 * [[ ]] and turns comments off before anything else is read. */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const struct {
	const char *tmpl, *suffix;
} outputs[] = {
	{"header.h.m4", ".h"},
	{"kernels.cu.m4", ".cu"},
	{"cpu.c.m4", "_cpu.c"},
};
enum { NOUT = sizeof outputs / sizeof outputs[0] };

static char *path_join(const char *a, const char *b, const char *c)
{
	size_t n = strlen(a) + strlen(b) + strlen(c) + 2;
	char *p = malloc(n);
	if (p)
		snprintf(p, n, "%s/%s%s", a, b, c);
	return p;
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int output_to_fd(const OutputJob *job, const char *tmpl, int outfd)
{
	char *prelude = path_join(job->tmpldir, "symkern.m4", "");
	char *tpath = path_join(job->tmpldir, tmpl, "");
	int pipefd[2] = {-1, -1}, rc = 1;
	pid_t pid;
	posix_spawn_file_actions_t fa;
	if (!prelude || !tpath || pipe(pipefd) != 0) {
		fprintf(stderr, "symkern: %s\n", strerror(errno));
		goto out;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pipefd[0], 0);
	posix_spawn_file_actions_adddup2(&fa, outfd, 1);
	posix_spawn_file_actions_addclose(&fa, pipefd[1]);
	char *argv[] = {(char *)job->m4, "-P", "-E", prelude, "-", tpath, NULL};
	int e = posix_spawnp(&pid, job->m4, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[0]);
	if (e != 0) {
		fprintf(stderr, "symkern: cannot run m4 '%s': %s\n", job->m4, strerror(e));
		close(pipefd[1]);
		goto out;
	}
	int werr = write_all(pipefd[1], job->defs, job->defs_len);
	close(pipefd[1]);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			status = -1;
			break;
		}
	if (werr || status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		fprintf(stderr, "symkern: m4 failed on template %s\n", tpath);
	else
		rc = 0;
out:
	free(prelude);
	free(tpath);
	return rc;
}

int output_generate(const OutputJob *job)
{
	char *tmp[NOUT] = {0}, *dst[NOUT] = {0};
	int rc = 1;
	mode_t mask = umask(0);
	umask(mask);
	for (int i = 0; i < NOUT; i++) {
		dst[i] = path_join(job->outdir, job->lib, outputs[i].suffix);
		char base[256];
		snprintf(base, sizeof base, ".%s%s.", job->lib, outputs[i].suffix);
		tmp[i] = path_join(job->outdir, base, "XXXXXX");
		if (!dst[i] || !tmp[i]) {
			fputs("symkern: out of memory\n", stderr);
			goto out;
		}
		int fd = mkstemp(tmp[i]);
		if (fd < 0) {
			fprintf(stderr, "symkern: cannot create a file in '%s': %s\n", job->outdir,
			        strerror(errno));
			free(tmp[i]);
			tmp[i] = NULL;
			goto out;
		}
		int bad = fchmod(fd, 0666 & ~mask) != 0 || output_to_fd(job, outputs[i].tmpl, fd) != 0;
		if (!bad && fsync(fd) != 0) {
			fprintf(stderr, "symkern: cannot write '%s': %s\n", tmp[i], strerror(errno));
			bad = 1;
		}
		if (close(fd) != 0 && !bad) {
			fprintf(stderr, "symkern: cannot write '%s': %s\n", tmp[i], strerror(errno));
			bad = 1;
		}
		if (bad)
			goto out;
	}
	for (int i = 0; i < NOUT; i++) {
		if (rename(tmp[i], dst[i]) != 0) {
			fprintf(stderr, "symkern: cannot rename to '%s': %s\n", dst[i], strerror(errno));
			goto out;
		}
		free(tmp[i]);
		tmp[i] = NULL;
	}
	rc = 0;
out:
	for (int i = 0; i < NOUT; i++) {
		if (tmp[i])
			unlink(tmp[i]);
		free(tmp[i]);
		free(dst[i]);
	}
	return rc;
}
