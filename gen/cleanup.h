/* cleanup.h: what symkern undoes when SIGINT, SIGTERM or SIGHUP ends it
 * while it writes its outputs: the files it is writing are removed, then
 * the folder it made for them, after its m4 processes are killed and
 * reaped; then the signal is raised again with the action it had before
 * cleanup_begin, so that symkern's exit status names the signal.  A signal
 * that was ignored stays ignored.
 *
 * The handler reads only what was registered here; registering and
 * dropping happen between cleanup_hold and cleanup_release, with the three
 * signals blocked, so the handler never sees an entry half made, nor a
 * file between its creation and its registration. */
#ifndef SYMKERN_CLEANUP_H
#define SYMKERN_CLEANUP_H

#include <signal.h>
#include <sys/types.h>

enum { CLEANUP_MAX = 8 }; /* files, and children, at a time */

/* Installs the handler; cleanup_end restores the previous actions and
 * forgets what is still registered. */
void cleanup_begin(void);
void cleanup_end(void);

/* Blocks the three signals; cleanup_release restores the signal mask of
 * before (a signal that came in the meantime is then delivered).  Not
 * nested.  cleanup_mask_before is that mask, for processes started while
 * held. */
void cleanup_hold(void);
void cleanup_release(void);
const sigset_t *cleanup_mask_before(void);

/* Between cleanup_hold and cleanup_release only.  PATH must stay valid
 * until dropped; at most CLEANUP_MAX files and children. */
void cleanup_add_file(const char *path);
void cleanup_drop_file(const char *path);
void cleanup_set_dir(const char *path); /* removed after the files; NULL: none */
void cleanup_add_child(pid_t pid);
void cleanup_drop_child(pid_t pid);

#endif
