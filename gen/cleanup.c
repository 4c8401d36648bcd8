/* cleanup.c: see cleanup.h.  The handler uses only async-signal-safe
 * calls (kill, waitpid, unlink, rmdir, sigaction, sigprocmask, raise) on
 * what the tables below hold, and the tables change only while the
 * signals are blocked. */
#define _POSIX_C_SOURCE 200809L
#include "cleanup.h"

#include <errno.h>
#include <stddef.h>
#include <sys/wait.h>
#include <unistd.h>

static const int fatal[] = {SIGINT, SIGTERM, SIGHUP};
enum { NFATAL = sizeof fatal / sizeof fatal[0] };

static struct sigaction previous[NFATAL];
static int installed[NFATAL];
static sigset_t before;

static const char *volatile files[CLEANUP_MAX];
static const char *volatile dir;
static volatile pid_t children[CLEANUP_MAX];

static void fatal_set(sigset_t *s)
{
	sigemptyset(s);
	for (int k = 0; k < NFATAL; k++)
		sigaddset(s, fatal[k]);
}

/* Kills and reaps the children, removes the files and the folder, forgets
 * them; then SIG again, with its previous action. */
static void on_fatal_signal(int sig)
{
	int saved = errno;
	for (int i = 0; i < CLEANUP_MAX; i++)
		if (children[i] > 0)
			kill(children[i], SIGKILL);
	for (int i = 0; i < CLEANUP_MAX; i++) {
		if (children[i] > 0)
			while (waitpid(children[i], NULL, 0) < 0 && errno == EINTR)
				;
		children[i] = 0;
	}
	for (int i = 0; i < CLEANUP_MAX; i++) {
		if (files[i])
			unlink(files[i]);
		files[i] = NULL;
	}
	if (dir)
		rmdir(dir);
	dir = NULL;
	for (int k = 0; k < NFATAL; k++)
		if (fatal[k] == sig && installed[k]) {
			sigaction(sig, &previous[k], NULL);
			installed[k] = 0;
		}
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(SIG_UNBLOCK, &s, NULL);
	errno = saved; /* for the code a previous handler returns to */
	raise(sig);
}

void cleanup_begin(void)
{
	struct sigaction sa = {.sa_handler = on_fatal_signal};
	fatal_set(&sa.sa_mask); /* one signal at a time */
	for (int k = 0; k < NFATAL; k++) {
		installed[k] = 0;
		if (sigaction(fatal[k], NULL, &previous[k]) != 0 || previous[k].sa_handler == SIG_IGN)
			continue;
		installed[k] = sigaction(fatal[k], &sa, NULL) == 0;
	}
}

void cleanup_end(void)
{
	cleanup_hold();
	for (int k = 0; k < NFATAL; k++)
		if (installed[k]) {
			sigaction(fatal[k], &previous[k], NULL);
			installed[k] = 0;
		}
	for (int i = 0; i < CLEANUP_MAX; i++) {
		files[i] = NULL;
		children[i] = 0;
	}
	dir = NULL;
	cleanup_release();
}

void cleanup_hold(void)
{
	sigset_t s;
	fatal_set(&s);
	sigprocmask(SIG_BLOCK, &s, &before);
}

void cleanup_release(void)
{
	sigprocmask(SIG_SETMASK, &before, NULL);
}

const sigset_t *cleanup_mask_before(void)
{
	return &before;
}

void cleanup_add_file(const char *path)
{
	for (int i = 0; i < CLEANUP_MAX; i++)
		if (!files[i]) {
			files[i] = path;
			return;
		}
}

void cleanup_drop_file(const char *path)
{
	for (int i = 0; i < CLEANUP_MAX; i++)
		if (files[i] == path)
			files[i] = NULL;
}

void cleanup_set_dir(const char *path)
{
	dir = path;
}

void cleanup_add_child(pid_t pid)
{
	for (int i = 0; i < CLEANUP_MAX; i++)
		if (children[i] == 0) {
			children[i] = pid;
			return;
		}
}

void cleanup_drop_child(pid_t pid)
{
	for (int i = 0; i < CLEANUP_MAX; i++)
		if (children[i] == pid)
			children[i] = 0;
}
