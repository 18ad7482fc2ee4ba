/*
 * lock.h: the file primitives coordination is built on: owner-private
 * directories and files (checked for owner and mode before use), fcntl
 * locks with a bounded wait, atomic replacement (write a temporary file,
 * optionally fsync, rename; or rewrite a spare file and exchange it with
 * the target), bounded reads, and process identity (pid plus start
 * time, so a reused pid is not mistaken for the owner).
 */
#ifndef W_LOCK_H
#define W_LOCK_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "err.h"

/* How long a lock is waited for before coordination_unavailable. The
 * wait polls, so a starved waiter on a loaded two-core machine needs
 * room; the holder keeps it for microseconds. */
#define W_LOCK_WAIT_MS	15000

/*
 * Create dir (mode 0700, parents too) if missing, then check it: a real
 * directory (not a symlink), owned by the effective user, no group or
 * other permission bits. -1 with coordination_unavailable otherwise.
 */
int	 w_lock_private_dir(const char *dir, struct w_err *e);

/* Check an existing directory the same way, creating nothing. */
int	 w_lock_check_dir(const char *dir, struct w_err *e);

/*
 * The checks of w_lock_check_dir and w_lock_check_fd on a stat result:
 * a directory (wantdir) or a regular file with one link, owned by owner
 * (the callers pass geteuid(); tests pass another uid, no chown needed),
 * not accessible to others.
 */
int	 w_lock_check_stat(const struct stat *st, uid_t owner, int wantdir,
	    const char *what, struct w_err *e);

/*
 * Check an open file: regular, one link, owned by the effective user,
 * mode without group/other bits. what names it in the message.
 */
int	 w_lock_check_fd(int fd, const char *what, struct w_err *e);

/*
 * Open (creating with 0600 when create is set) a lock file and check
 * it; returns the descriptor or -1 with coordination_unavailable.
 */
int	 w_lock_open(const char *path, int create, struct w_err *e);

/*
 * Take an open-file-description lock on fd (exclusive or shared),
 * waiting at most wait_ms; -1 with coordination_unavailable when busy.
 */
int	 w_lock_take(int fd, int exclusive, long wait_ms, struct w_err *e);
void	 w_lock_drop(int fd);

/*
 * Replace path atomically with len bytes of data: a 0600 temporary file
 * beside it, written in full, fsync'd when sync is set, renamed over
 * path. -1 with coordination_unavailable.
 */
int	 w_lock_write_atomic(const char *path, const void *data, size_t len,
	    int sync, struct w_err *e);

/*
 * Replace path's content with len bytes of data by way of spare, an
 * owner-private file beside it (created 0600 when missing, checked like
 * w_lock_check_fd) that is rewritten in place, fsync'd when sync is set,
 * and exchanged with path (renameat2 RENAME_EXCHANGE), so the old
 * content becomes the next spare. No file is created per write, which
 * on ext4 saves an inode allocation and the flush a replacing rename
 * triggers. A crash leaves path whole (old or new). Only for files every
 * reader and writer of which holds one lock covering both: a lockless
 * reader could still hold the old inode while it is rewritten. Where the
 * exchange is unsupported, spare is renamed over path instead. -1 with
 * coordination_unavailable.
 */
int	 w_lock_write_swap(const char *path, const char *spare,
	    const void *data, size_t len, int sync, struct w_err *e);

/*
 * Read a private file (checked like w_lock_check_fd) of at most max
 * bytes into *out (NUL-terminated, caller frees). Returns 0, 1 when the
 * file does not exist (and *out is NULL), or -1 with
 * coordination_unavailable.
 */
int	 w_lock_read_private(const char *path, size_t max, char **out,
	    size_t *len, struct w_err *e);

/* The start time of pid (field 22 of /proc/PID/stat), 0 if unknown. */
unsigned long long w_lock_proc_start(pid_t pid);

/*
 * Whether pid is still the process that had start time start (start 0:
 * only whether pid exists).
 */
int	 w_lock_proc_alive(pid_t pid, unsigned long long start);


/* Fill buf with n random bytes (getrandom); -1 on failure. */
int	 w_lock_random(void *buf, size_t n);

/* Entries of a directory w_lock_prune_dir looks at, at most. */
#define W_LOCK_PRUNE_SCAN	65536

/*
 * The one directory pruner (artifacts, robots.txt and search caches):
 * among dir's regular files whose name match accepts (all when NULL, dot
 * files never), remove those older than ttl_ms (0: no age limit), then
 * the oldest until at most keep are left.
 */
void	 w_lock_prune_dir(const char *dir, int (*match)(const char *name),
	    long long ttl_ms, size_t keep);

/*
 * The one tree remover (a render's or codex's private directory): dir
 * and everything under it, never following a symbolic link (the link
 * goes, its target stays). Best effort: what cannot be removed stays.
 */
void	 w_lock_rm_tree(const char *dir);

#endif
