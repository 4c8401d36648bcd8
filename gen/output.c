/* output.c: see output.h.  m4 runs as `m4 -P -E -H SIZE symkern.m4 -
 * TEMPLATE` with the definitions on its standard input: -P prefixes every
 * builtin with m4_, so no C or CUDA word is a macro; symkern.m4 switches the
 * quotes to [[ ]] and turns comments off before anything else is read.  The
 * three outputs' m4 processes run at once.  The files being written and the
 * m4 processes are registered with cleanup.c from the moment they exist, so
 * that SIGINT, SIGTERM and SIGHUP leave neither behind. */
#define _POSIX_C_SOURCE 200809L
#include "output.h"

#include "cleanup.h"
#include "forbid.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
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

/* Starts m4 (ARGV) reading IN and writing OUT, registered for cleanup
 * from the moment it exists, with the signal mask symkern had before
 * holding signals; 0 or an errno value. */
static int spawn_m4(pid_t *pid, char *const argv[], int in, int out)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in, 0);
	posix_spawn_file_actions_adddup2(&fa, out, 1);
	posix_spawnattr_init(&at);
	cleanup_hold();
	posix_spawnattr_setsigmask(&at, cleanup_mask_before());
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK);
	int e = posix_spawnp(pid, argv[0], &fa, &at, argv, environ);
	if (e == 0)
		cleanup_add_child(*pid);
	cleanup_release();
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	return e;
}

/* Waits for m4 PID to exit and reaps it: its status, or -1.  It is
 * dropped from the cleanup while still a zombie, so that the signal
 * handler never kills a process id that was reaped, and perhaps reused. */
static int wait_m4(pid_t pid)
{
	siginfo_t si;
	int status = -1;
	while (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) != 0)
		if (errno != EINTR)
			break;
	cleanup_hold();
	cleanup_drop_child(pid);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			status = -1;
			break;
		}
	cleanup_release();
	return status;
}

/* How many m4_define the definitions hold (an upper bound on the macros
 * they make: a name defined again counts twice). */
static size_t count_defs(const char *defs, size_t len)
{
	static const char key[] = "m4_define(";
	size_t n = 0;
	for (size_t i = 0; i + sizeof key - 1 <= len; i++)
		if (defs[i] == 'm' && !memcmp(defs + i, key, sizeof key - 1))
			n++;
	return n;
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
	 * and those symkern.m4 makes: a table of about twice as many buckets
	 * keeps its chains short (m4's default, 509, made 10^4 functions slow,
	 * and 2000 gufuncs, whose definitions were not counted, 5x slower).
	 * The definitions are counted in the text, so none is left out. */
	unsigned long buckets = 2 * (unsigned long)(job->ndefs + count_defs(job->defs, job->defs_len));
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
		char *argv[] = {(char *)job->m4, "-P", "-E", "-H", hs, "-I", (char *)job->tmpldir, prelude, "-", tpath[i], NULL};
		int e = spawn_m4(&pid[i], argv, pipefd[0], outfd[i]);
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
		int status = wait_m4(pid[i]);
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
	cleanup_begin();
	int rc = run_m4(job, 1, &tmpl, &outfd);
	cleanup_end();
	return rc;
}

/* One run's outputs on their way into job->outdir. */
typedef struct {
	const OutputJob *job;
	char *stage;     /* the new folder that becomes outdir, when outdir is missing */
	char *tmp[NOUT]; /* what m4 writes: temporaries in outdir, or the outputs in stage */
	char *dst[NOUT]; /* the final names */
	int fd[NOUT];
} Batch;

/* outdir without its trailing slashes, split into the folder that holds
 * it (".", "/") and its last part. */
static void split_dir(const char *outdir, char **parent, char **base)
{
	size_t n = strlen(outdir);
	while (n > 1 && outdir[n - 1] == '/')
		n--;
	size_t b = n;
	while (b > 0 && outdir[b - 1] != '/')
		b--;
	size_t p = b;
	while (p > 1 && outdir[p - 1] == '/')
		p--;
	*parent = p == 0 ? strdup(".") : strndup(outdir, p);
	*base = strndup(outdir + b, n - b);
}

/* outdir is missing: makes the folder .BASE.XXXXXX beside where it
 * belongs (with the mode a new folder would have), to be renamed to outdir
 * once complete, so that a failed run leaves no new folder behind.  Only
 * the last part of outdir is made: its parent must exist. */
static int make_stage(Batch *b, mode_t mask)
{
	char *parent, *base, name[80];
	split_dir(b->job->outdir, &parent, &base);
	if (!parent || !base) {
		free(parent);
		free(base);
		fputs("symkern: out of memory\n", stderr);
		return 1;
	}
	snprintf(name, sizeof name, ".%.64s.", base);
	b->stage = path_join(parent, name, "XXXXXX");
	free(parent);
	free(base);
	if (!b->stage) {
		fputs("symkern: out of memory\n", stderr);
		return 1;
	}
	cleanup_hold();
	int ok = mkdtemp(b->stage) != NULL;
	if (ok)
		cleanup_set_dir(b->stage);
	cleanup_release();
	if (!ok || chmod(b->stage, 0777 & ~mask) != 0) {
		fprintf(stderr, "symkern: cannot create directory '%s': %s\n", b->job->outdir, strerror(errno));
		if (!ok) {
			free(b->stage);
			b->stage = NULL;
		}
		return 1;
	}
	return 0;
}

/* Output I: its final name, and the file m4 will write, open as b->fd[i]
 * (close-on-exec: each m4 gets its own as standard output only) and
 * registered for cleanup: a temporary .NAME.SUFFIX.XXXXXX beside the final
 * name, or in a new folder the final name itself. */
static int create_output(Batch *b, int i, mode_t mask)
{
	const OutputJob *job = b->job;
	char base[256];
	b->dst[i] = path_join(job->outdir, job->lib, outputs[i].suffix);
	snprintf(base, sizeof base, ".%s%s.", job->lib, outputs[i].suffix);
	b->tmp[i] = b->stage ? path_join(b->stage, job->lib, outputs[i].suffix)
	                     : path_join(job->outdir, base, "XXXXXX");
	if (!b->dst[i] || !b->tmp[i]) {
		fputs("symkern: out of memory\n", stderr);
		return 1;
	}
	cleanup_hold();
	b->fd[i] = b->stage ? open(b->tmp[i], O_WRONLY | O_CREAT | O_EXCL, 0666) : mkstemp(b->tmp[i]);
	if (b->fd[i] >= 0)
		cleanup_add_file(b->tmp[i]);
	cleanup_release();
	if (b->fd[i] < 0) {
		fprintf(stderr, "symkern: cannot create a file in '%s': %s\n", b->stage ? b->stage : job->outdir,
		        strerror(errno));
		free(b->tmp[i]);
		b->tmp[i] = NULL;
		return 1;
	}
	if ((!b->stage && fchmod(b->fd[i], 0666 & ~mask) != 0) || set_cloexec(b->fd[i]) != 0) {
		fprintf(stderr, "symkern: cannot write '%s': %s\n", b->tmp[i], strerror(errno));
		return 1;
	}
	return 0;
}

/* Where the outputs are written: beside their final names when outdir
 * exists, else in a new folder (make_stage). */
static int prepare(Batch *b)
{
	struct stat st;
	mode_t mask = umask(0);
	umask(mask);
	if (stat(b->job->outdir, &st) != 0) {
		if (errno != ENOENT || !*b->job->outdir) { /* -o '': stat says ENOENT */
			fprintf(stderr, "symkern: cannot use '%s': %s\n", b->job->outdir, strerror(errno));
			return 1;
		}
		if (make_stage(b, mask) != 0)
			return 1;
	}
	for (int i = 0; i < NOUT; i++)
		if (create_output(b, i, mask) != 0)
			return 1;
	return 0;
}

/* Every output against the user's words (forbid.h). */
static int check_outputs(Batch *b)
{
	ForbidWords *user = forbid_words(b->job->user, b->job->user_len, 2);
	int rc = !user;
	if (!user)
		fputs("symkern: out of memory\n", stderr);
	for (int i = 0; i < NOUT && !rc; i++) {
		char shown[300];
		snprintf(shown, sizeof shown, "%s%s", b->job->lib, outputs[i].suffix);
		rc = forbid_check(user, b->tmp[i], shown);
	}
	forbid_free(user);
	return rc;
}

/* m4 writes the outputs; each is flushed to the disk and closed. */
static int write_outputs(Batch *b)
{
	const char *tmpl[NOUT];
	for (int i = 0; i < NOUT; i++)
		tmpl[i] = outputs[i].tmpl;
	if (run_m4(b->job, NOUT, tmpl, b->fd) != 0)
		return 1;
	for (int i = 0; i < NOUT; i++) {
		int bad = fsync(b->fd[i]) != 0;
		if (close(b->fd[i]) != 0)
			bad = 1;
		b->fd[i] = -1;
		if (bad) {
			fprintf(stderr, "symkern: cannot write '%s': %s\n", b->tmp[i], strerror(errno));
			return 1;
		}
	}
	return check_outputs(b);
}

/* An exclusive flock(2) on the folder DIR, held until the returned
 * descriptor is closed; -1 where the folder cannot be read or its file
 * system has no such locks (the renames then go unlocked, as before). */
static int lock_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while (flock(fd, LOCK_EX) != 0)
		if (errno != EINTR) {
			close(fd);
			return -1;
		}
	return fd;
}

/* Renames the outputs to their final names in outdir, all three under the
 * folder's lock: two runs writing the same outputs at once leave the three
 * of the one that renamed last, never a mix.  The signals wait until all
 * three are renamed, or one failed. */
static int rename_outputs(Batch *b)
{
	int lock = lock_dir(b->job->outdir), rc = 0;
	cleanup_hold();
	for (int i = 0; i < NOUT && rc == 0; i++) {
		if (rename(b->tmp[i], b->dst[i]) != 0) {
			fprintf(stderr, "symkern: cannot rename to '%s': %s\n", b->dst[i], strerror(errno));
			rc = 1;
			break;
		}
		cleanup_drop_file(b->tmp[i]);
		free(b->tmp[i]);
		b->tmp[i] = NULL;
	}
	cleanup_release();
	if (lock >= 0)
		close(lock);
	return rc;
}

/* Puts the outputs in place: a new folder by renaming it to outdir, in one
 * step; unless outdir appeared in the meantime (another run made it), and
 * for an existing outdir, by renaming the files (rename_outputs). */
static int commit(Batch *b)
{
	if (b->stage) {
		cleanup_hold();
		int moved = rename(b->stage, b->job->outdir) == 0, e = errno;
		if (moved) {
			for (int i = 0; i < NOUT; i++) {
				cleanup_drop_file(b->tmp[i]);
				free(b->tmp[i]);
				b->tmp[i] = NULL;
			}
			cleanup_set_dir(NULL);
			free(b->stage);
			b->stage = NULL;
		}
		cleanup_release();
		if (moved)
			return 0;
		if (e != EEXIST && e != ENOTEMPTY) {
			fprintf(stderr, "symkern: cannot rename '%s' to '%s': %s\n", b->stage, b->job->outdir,
			        strerror(e));
			return 1;
		}
	}
	return rename_outputs(b);
}

/* Closes and removes what is left: the temporaries, the new folder. */
static void discard(Batch *b)
{
	cleanup_hold();
	for (int i = 0; i < NOUT; i++) {
		if (b->fd[i] >= 0)
			close(b->fd[i]);
		if (b->tmp[i]) {
			unlink(b->tmp[i]);
			cleanup_drop_file(b->tmp[i]);
		}
	}
	if (b->stage) {
		rmdir(b->stage);
		cleanup_set_dir(NULL);
	}
	cleanup_release();
	for (int i = 0; i < NOUT; i++) {
		free(b->tmp[i]);
		free(b->dst[i]);
	}
	free(b->stage);
}

int output_generate(const OutputJob *job)
{
	Batch b = {.job = job};
	for (int i = 0; i < NOUT; i++)
		b.fd[i] = -1;
	cleanup_begin();
	int rc = prepare(&b) != 0 || write_outputs(&b) != 0 || commit(&b) != 0;
	discard(&b);
	cleanup_end();
	return rc;
}
