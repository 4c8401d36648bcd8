/* output.c: see output.h.  m4 runs as `m4 -P -E -H SIZE symkern.m4 -
 * TEMPLATE` with the definitions on its standard input: -P prefixes every
 * builtin with m4_, so no C or CUDA word is a macro; symkern.m4 switches the
 * quotes to [[ ]] and turns comments off before anything else is read.  The
 * three outputs' m4 processes run at once. */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
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

/* The smallest prime >= n: m4's -H wants a prime. */
static unsigned long prime_at_least(unsigned long n)
{
	for (;; n++) {
		unsigned long d = 2;
		while (d * d <= n && n % d)
			d++;
		if (n >= 2 && d * d > n)
			return n;
	}
}

static int set_cloexec(int fd)
{
	int fl = fcntl(fd, F_GETFD);
	return fl < 0 ? -1 : fcntl(fd, F_SETFD, fl | FD_CLOEXEC);
}

/* Runs m4 on the n templates tmpl[i] at once, the output of each going to
 * outfd[i], and writes the definitions to the standard input of all of
 * them (with poll, so that each reads at its own pace); then waits for all.
 * 0 when every m4 exited with status 0, else 1 after saying why (naming
 * the first template whose m4 failed; m4 says what went wrong). */
static int run_m4(const OutputJob *job, int n, const char *const *tmpl, const int *outfd)
{
	char *prelude = path_join(job->tmpldir, "symkern.m4", ""), *tpath[NOUT] = {0};
	int in[NOUT], started = 0, rc = 1;
	pid_t pid[NOUT];
	size_t done[NOUT] = {0};
	int werr[NOUT] = {0};
	char hs[32];
	/* Each definition is a macro in m4's symbol table, with m4's builtins
	 * and symkern.m4's: a table of about twice as many buckets keeps its
	 * chains short (m4's default, 509, made 10^4 functions slow). */
	unsigned long buckets = 2 * (unsigned long)job->ndefs;
	snprintf(hs, sizeof hs, "%lu", prime_at_least(buckets > 509 ? buckets : 509));
	for (int i = 0; i < n; i++)
		in[i] = -1;
	if (!prelude) {
		fputs("symkern: out of memory\n", stderr);
		goto out;
	}
	for (int i = 0; i < n; i++) {
		int pipefd[2];
		tpath[i] = path_join(job->tmpldir, tmpl[i], "");
		if (!tpath[i]) {
			fputs("symkern: out of memory\n", stderr);
			goto wait;
		}
		/* Close-on-exec, so that no m4 holds another's pipe open. */
		if (pipe(pipefd) != 0) {
			fprintf(stderr, "symkern: %s\n", strerror(errno));
			goto wait;
		}
		if (set_cloexec(pipefd[0]) != 0 || set_cloexec(pipefd[1]) != 0) {
			fprintf(stderr, "symkern: %s\n", strerror(errno));
			close(pipefd[0]);
			close(pipefd[1]);
			goto wait;
		}
		posix_spawn_file_actions_t fa;
		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_adddup2(&fa, pipefd[0], 0);
		posix_spawn_file_actions_adddup2(&fa, outfd[i], 1);
		char *argv[] = {(char *)job->m4, "-P", "-E", "-H", hs, "-I", (char *)job->tmpldir, prelude, "-", tpath[i], NULL};
		int e = posix_spawnp(&pid[i], job->m4, &fa, NULL, argv, environ);
		posix_spawn_file_actions_destroy(&fa);
		close(pipefd[0]);
		if (e != 0) {
			fprintf(stderr, "symkern: cannot run m4 '%s': %s\n", job->m4, strerror(e));
			close(pipefd[1]);
			goto wait;
		}
		in[i] = pipefd[1];
		started++;
	}
	for (int i = 0; i < n; i++) {
		int fl = fcntl(in[i], F_GETFL);
		if (fl < 0 || fcntl(in[i], F_SETFL, fl | O_NONBLOCK) != 0)
			werr[i] = 1;
	}
	for (;;) {
		struct pollfd pfd[NOUT];
		int np = 0, who[NOUT];
		for (int i = 0; i < n; i++) {
			if (in[i] >= 0 && (werr[i] || done[i] == job->defs_len)) {
				close(in[i]); /* m4 reads end of file */
				in[i] = -1;
			}
			if (in[i] >= 0) {
				pfd[np].fd = in[i];
				pfd[np].events = POLLOUT;
				who[np++] = i;
			}
		}
		if (np == 0)
			break;
		if (poll(pfd, (nfds_t)np, -1) < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "symkern: %s\n", strerror(errno));
			for (int k = 0; k < np; k++)
				werr[who[k]] = 1;
			continue;
		}
		for (int k = 0; k < np; k++) {
			int i = who[k];
			if (!pfd[k].revents)
				continue;
			/* POLLERR: m4 closed its end; the write fails with EPIPE. */
			ssize_t w = write(in[i], job->defs + done[i], job->defs_len - done[i]);
			if (w >= 0)
				done[i] += (size_t)w;
			else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
				werr[i] = 1;
		}
	}
	rc = 0;
wait:
	for (int i = 0; i < started; i++) {
		if (in[i] >= 0)
			close(in[i]);
		int status;
		while (waitpid(pid[i], &status, 0) < 0)
			if (errno != EINTR) {
				status = -1;
				break;
			}
		if (rc == 0 && (werr[i] || status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
			fprintf(stderr, "symkern: m4 failed on template %s\n", tpath[i]);
			rc = 1;
		}
	}
	if (started < n)
		rc = 1;
out:
	free(prelude);
	for (int i = 0; i < n; i++)
		free(tpath[i]);
	return rc;
}

int output_to_fd(const OutputJob *job, const char *tmpl, int outfd)
{
	return run_m4(job, 1, &tmpl, &outfd);
}

int output_generate(const OutputJob *job)
{
	char *tmp[NOUT] = {0}, *dst[NOUT] = {0};
	int fd[NOUT], rc = 1;
	mode_t mask = umask(0);
	umask(mask);
	for (int i = 0; i < NOUT; i++)
		fd[i] = -1;
	for (int i = 0; i < NOUT; i++) {
		dst[i] = path_join(job->outdir, job->lib, outputs[i].suffix);
		char base[256];
		snprintf(base, sizeof base, ".%s%s.", job->lib, outputs[i].suffix);
		tmp[i] = path_join(job->outdir, base, "XXXXXX");
		if (!dst[i] || !tmp[i]) {
			fputs("symkern: out of memory\n", stderr);
			goto out;
		}
		fd[i] = mkstemp(tmp[i]);
		if (fd[i] < 0) {
			fprintf(stderr, "symkern: cannot create a file in '%s': %s\n", job->outdir,
			        strerror(errno));
			free(tmp[i]);
			tmp[i] = NULL;
			goto out;
		}
		/* Close-on-exec: each m4 gets its own as standard output only. */
		if (fchmod(fd[i], 0666 & ~mask) != 0 || set_cloexec(fd[i]) != 0) {
			fprintf(stderr, "symkern: cannot write '%s': %s\n", tmp[i], strerror(errno));
			goto out;
		}
	}
	const char *tmpl[NOUT];
	for (int i = 0; i < NOUT; i++)
		tmpl[i] = outputs[i].tmpl;
	if (run_m4(job, NOUT, tmpl, fd) != 0)
		goto out;
	for (int i = 0; i < NOUT; i++) {
		int bad = 0;
		if (fsync(fd[i]) != 0) {
			fprintf(stderr, "symkern: cannot write '%s': %s\n", tmp[i], strerror(errno));
			bad = 1;
		}
		if (close(fd[i]) != 0 && !bad) {
			fprintf(stderr, "symkern: cannot write '%s': %s\n", tmp[i], strerror(errno));
			bad = 1;
		}
		fd[i] = -1;
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
		if (fd[i] >= 0)
			close(fd[i]);
		if (tmp[i])
			unlink(tmp[i]);
		free(tmp[i]);
		free(dst[i]);
	}
	return rc;
}
