/* The launcher: a small long-lived process that forks every judged program.
 *
 * Why it exists:
 *  - peak memory: a program's ru_maxrss starts from the high-water mark of the process it was
 *    forked from (the kernel carries the old address space's mark across exec). Forked from this
 *    tiny static process, a program measures its own memory, not the runner's.
 *  - cost: forking the runner would copy its page tables, which grow with everything it holds;
 *    forking this process costs the same whatever the runner holds.
 *
 * Protocol (the Rust side is runner/src/exec/launcher.rs; keep the two in step):
 *  stdin is a SOCK_SEQPACKET socket to the runner; every message is one record.
 *  request  = struct request, then argc NUL-terminated strings (argv), then envc NUL-terminated
 *             strings (envp); with exactly 3 file descriptors attached (SCM_RIGHTS): the
 *             program's stdin, stdout and stderr.
 *  replies  = struct reply { kind, ... }: first REPLY_STARTED with the pid (the program runs in
 *             its own process group, whose id is its pid), then REPLY_EXITED with the wait4
 *             status and rusage, or REPLY_EXEC_FAILED with errno when exec failed.
 *  EOF on the socket ends the launcher.
 *
 * The sandbox (`launch --sandbox ROOT`; the runner's `--no-sandbox` leaves it out). Once per
 * launcher: new user, mount, network, IPC, UTS and PID namespaces (the network namespace has only
 * a loopback that is down; the launcher forks once into the PID namespace and goes on as its
 * PID 1), and a root built on a tmpfs at ROOT holding read-only binds of /usr
 * (and the /bin, /lib… links or directories), a few device nodes, a /tmp and a /box. Once per
 * case: an empty /tmp (a fresh tmpfs whenever the last program left anything in it), the
 * program's files bound read-only into /box (kept while the files stay the same). The launcher
 * forks the program and waits for it; when it ends, kill(-1, SIGKILL) from PID 1 kills every
 * process left in the namespace (setsid ones included) at that moment, before the launcher
 * reports. The program runs chrooted in ROOT with no capabilities (its uid inside is 1000, not 0), no new privileges, and a process
 * limit (RLIMIT_NPROC, counted inside its user namespace).
 * With `--cgroup DIR` (a pids cgroup the runner made, when it can make one), the launcher
 * joins it first, so that everything it starts counts against the cgroup's pids.max as well.
 * The first reply says how it went: REPLY_READY with 0, or the errno of the step that failed
 * (the launcher then runs programs without a sandbox). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

struct request {
    uint64_t cpu_soft_s;
    uint64_t cpu_hard_s;
    uint64_t address_space_bytes; /* 0: unlimited */
    uint64_t stack_bytes;         /* 0: unchanged */
    uint32_t argc;
    uint32_t envc;
    uint32_t nproc;  /* RLIMIT_NPROC in the sandbox; 0: unchanged */
    uint32_t expose; /* files to show the program: 2 × expose more strings follow, each a
                      * host file and its path in the sandbox (/box/NAME) */
};

enum { REPLY_STARTED = 1, REPLY_EXITED = 2, REPLY_EXEC_FAILED = 3, REPLY_READY = 4 };

struct reply {
    int32_t kind;
    int32_t pid;
    int32_t status; /* wait4 status, or errno for REPLY_EXEC_FAILED */
    int32_t pad;
    int64_t utime_us;
    int64_t stime_us;
    int64_t maxrss_kib;
};

#define MAX_MESSAGE (256 * 1024)
#define MAX_STRINGS 4096

static void send_reply(const struct reply *r) {
    ssize_t n;
    do n = send(0, r, sizeof *r, MSG_NOSIGNAL); while (n < 0 && errno == EINTR);
    if (n < 0) _exit(0); /* the runner is gone */
}

static void set_limit(int resource, uint64_t soft, uint64_t hard) {
    struct rlimit r;
    r.rlim_cur = soft ? soft : RLIM_INFINITY;
    r.rlim_max = hard ? hard : RLIM_INFINITY;
    setrlimit(resource, &r);
}

/* Splits `count` NUL-terminated strings from buf[*at..len) into out (NULL-terminated). */
static int take_strings(char *buf, size_t len, size_t *at, uint32_t count, char **out) {
    for (uint32_t i = 0; i < count; i++) {
        char *s = buf + *at;
        char *end = memchr(s, '\0', len - *at);
        if (!end) return -1;
        out[i] = s;
        *at = (size_t)(end - buf) + 1;
    }
    out[count] = NULL;
    return 0;
}

static char buf[MAX_MESSAGE];
static char *argv_out[MAX_STRINGS + 1];
static char *envp_out[MAX_STRINGS + 1];
#define MAX_EXPOSE 8
static char *expose_out[2 * MAX_EXPOSE + 1];

/* The sandbox's root, or NULL when programs run without a sandbox. */
static const char *root = NULL;

static int write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

static void path_in_root(char *out, size_t size, const char *rel) {
    snprintf(out, size, "%s/%s", root, rel[0] == '/' ? rel + 1 : rel);
}

/* The flags a read-only remount of a bind of `source` must keep (the kernel refuses to drop
 * locked ones such as nosuid or nodev inside a user namespace). */
static unsigned long kept_flags(const char *source) {
    struct statvfs v;
    unsigned long f = 0;
    if (statvfs(source, &v) != 0) return 0;
    if (v.f_flag & ST_NOSUID) f |= MS_NOSUID;
    if (v.f_flag & ST_NODEV) f |= MS_NODEV;
    if (v.f_flag & ST_NOEXEC) f |= MS_NOEXEC;
    if (v.f_flag & ST_NOATIME) f |= MS_NOATIME;
    if (v.f_flag & ST_RELATIME) f |= MS_RELATIME;
    return f;
}

static int bind_readonly(const char *source, const char *target, int recursive) {
    if (mount(source, target, NULL, MS_BIND | (recursive ? MS_REC : 0), NULL) != 0) return -1;
    return mount(NULL, target, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | kept_flags(source), NULL);
}

/* Mirrors the top-level /bin, /sbin, /lib… of the host: a link stays a link, a directory is
 * bound read-only. */
static int mirror(const char *name) {
    char host[256], target[4096], link[4096];
    snprintf(host, sizeof host, "/%s", name);
    path_in_root(target, sizeof target, name);
    struct stat st;
    if (lstat(host, &st) != 0) return 0; /* absent on this system */
    if (S_ISLNK(st.st_mode)) {
        ssize_t n = readlink(host, link, sizeof link - 1);
        if (n < 0) return -1;
        link[n] = '\0';
        return symlink(link, target);
    }
    if (!S_ISDIR(st.st_mode)) return 0;
    if (mkdir(target, 0755) != 0) return -1;
    return bind_readonly(host, target, 1);
}

/* Writes the id maps of process `pid`'s new user namespace: inside, uid and gid 1000 are the
 * program's; with `keep_root`, 0 stays 0 for the launcher itself (it must own what it creates
 * in the sandbox's root). */
static int write_maps(pid_t pid, uid_t uid, gid_t gid, int keep_root) {
    char path[64], map[64];
    const char *root_line = keep_root ? "0 0 1\n" : "";
    snprintf(path, sizeof path, "/proc/%d/setgroups", (int)pid);
    if (write_file(path, "deny") != 0) return errno;
    snprintf(path, sizeof path, "/proc/%d/uid_map", (int)pid);
    snprintf(map, sizeof map, "%s1000 %u 1", root_line, (unsigned)uid);
    if (write_file(path, map) != 0) return errno;
    snprintf(path, sizeof path, "/proc/%d/gid_map", (int)pid);
    snprintf(map, sizeof map, "%s1000 %u 1", root_line, (unsigned)gid);
    if (write_file(path, map) != 0) return errno;
    return 0;
}

/* Once per launcher; returns 0 or the errno of the step that failed.
 *
 * Who the program is outside: an ordinary user runs programs as itself. Root runs them as
 * nobody (65534): the kernel never enforces RLIMIT_NPROC on root's processes, and a program
 * should not own what root owns (the launcher stays root inside, mapped to root, and the
 * program leaves it for 1000 before exec, which drops every capability). Only a process still
 * outside the new namespace may map other users, so a helper forked before the unshare writes
 * the maps. */
static int setup_sandbox(const char *dir) {
    uid_t uid = getuid();
    gid_t gid = getgid();
    char target[4096];
    int as_root = uid == 0;
    int sync[2], done[2];
    pid_t helper = -1;
    if (as_root) {
        if (pipe2(sync, O_CLOEXEC) != 0 || pipe2(done, O_CLOEXEC) != 0) return errno;
        helper = fork();
        if (helper < 0) return errno;
        if (helper == 0) {
            char c;
            int e = read(sync[0], &c, 1) == 1 ? write_maps(getppid(), 65534, 65534, 1) : EIO;
            if (write(done[1], &e, sizeof e) < 0) _exit(1);
            _exit(0);
        }
        close(sync[0]);
        close(done[1]);
    }
    int e = 0;
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS |
                CLONE_NEWPID) != 0)
        e = errno;
    if (as_root) {
        if (write(sync[1], "x", 1) < 0 && !e) e = errno;
        close(sync[1]);
        int he = EIO;
        if (read(done[0], &he, sizeof he) != sizeof he) he = EIO;
        close(done[0]);
        while (waitpid(helper, NULL, 0) < 0 && errno == EINTR) {
        }
        if (!e) e = he;
    } else if (!e) {
        e = write_maps(getpid(), uid, gid, 0);
    }
    if (e) return e;
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return errno;
    if (mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755") != 0) return errno;
    root = dir;
    const char *dirs[] = {"usr", "dev", "tmp", "box", "proc"};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        path_in_root(target, sizeof target, dirs[i]);
        if (mkdir(target, 0755) != 0) return errno;
    }
    path_in_root(target, sizeof target, "usr");
    if (bind_readonly("/usr", target, 1) != 0) return errno;
    const char *tops[] = {"bin", "sbin", "lib", "lib32", "lib64", "libx32"};
    for (size_t i = 0; i < sizeof tops / sizeof *tops; i++)
        if (mirror(tops[i]) != 0) return errno;
    const char *devs[] = {"null", "zero", "full", "random", "urandom"};
    for (size_t i = 0; i < sizeof devs / sizeof *devs; i++) {
        char host[64], map[64];
        snprintf(host, sizeof host, "/dev/%s", devs[i]);
        snprintf(map, sizeof map, "dev/%s", devs[i]);
        path_in_root(target, sizeof target, map);
        int fd = open(target, O_CREAT | O_WRONLY | O_CLOEXEC, 0666);
        if (fd < 0) return errno;
        close(fd);
        if (mount(host, target, NULL, MS_BIND, NULL) != 0) return errno;
    }
    /* The loopback stays down: nothing is reachable, not even 127.0.0.1. */
    return 0;
}

/* What /box holds now: consecutive cases of the same program keep their binds, and /tmp is made
 * again only when the last program left something in it. Mounts are the costly part of a case. */
static char bound[MAX_EXPOSE][2][4096];
static dev_t bound_dev[MAX_EXPOSE];
static ino_t bound_ino[MAX_EXPOSE];
static uint32_t bound_count = 0;
static int tmp_dirty = 1;

static void unbind(uint32_t i) {
    char target[4096];
    path_in_root(target, sizeof target, bound[i][1]);
    umount2(target, MNT_DETACH);
}

/* Whether the sandbox's /tmp is empty. */
static int tmp_is_empty(void) {
    char target[4096];
    path_in_root(target, sizeof target, "tmp");
    DIR *d = opendir(target);
    if (!d) return 0;
    struct dirent *e;
    int empty = 1;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) empty = 0;
    closedir(d);
    return empty;
}

/* Once per case: a fresh (empty) /tmp and the program's files in /box. */
static int prepare_case(uint32_t count) {
    char target[4096];
    if (tmp_dirty) {
        path_in_root(target, sizeof target, "tmp");
        umount2(target, MNT_DETACH);
        if (mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV, "size=256m,mode=1777") != 0)
            return errno;
        tmp_dirty = 0;
    }
    int same = count == bound_count;
    struct stat st[MAX_EXPOSE];
    for (uint32_t i = 0; i < count; i++) {
        const char *host_file = expose_out[2 * i], *box_path = expose_out[2 * i + 1];
        if (strncmp(box_path, "/box/", 5) != 0 || strchr(box_path + 5, '/')) return EINVAL;
        if (strlen(host_file) >= sizeof bound[0][0] || strlen(box_path) >= sizeof bound[0][1])
            return ENAMETOOLONG;
        if (stat(host_file, &st[i]) != 0) return errno;
        same = same && strcmp(bound[i][0], host_file) == 0 && strcmp(bound[i][1], box_path) == 0 &&
               bound_dev[i] == st[i].st_dev && bound_ino[i] == st[i].st_ino;
    }
    if (same) return 0;
    for (uint32_t i = 0; i < bound_count; i++) unbind(i);
    bound_count = 0;
    for (uint32_t i = 0; i < count; i++) {
        const char *host_file = expose_out[2 * i], *box_path = expose_out[2 * i + 1];
        path_in_root(target, sizeof target, box_path);
        int fd = open(target, O_CREAT | O_WRONLY | O_CLOEXEC, 0755);
        if (fd < 0) return errno;
        close(fd);
        if (bind_readonly(host_file, target, 0) != 0) return errno;
        strcpy(bound[i][0], host_file);
        strcpy(bound[i][1], box_path);
        bound_dev[i] = st[i].st_dev;
        bound_ino[i] = st[i].st_ino;
        bound_count = i + 1;
    }
    return 0;
}

/* After a case: /tmp is made again before the next one if the program left anything in it. */
static void end_case(uint32_t count) {
    (void)count;
    if (!tmp_is_empty()) tmp_dirty = 1;
}

static void set_path_from(char **envp) {
    for (char **e = envp; *e; e++)
        if (strncmp(*e, "PATH=", 5) == 0) setenv("PATH", *e + 5, 1);
}

/* In the forked program, before exec: never returns. */
static void exec_program(const struct request *req, int fds[3], int errfd) {
    setpgid(0, 0);
    signal(SIGINT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    /* The three descriptors are close-on-exec; dup2 gives clean copies at 0, 1, 2. */
    if (dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0 || dup2(fds[2], 2) < 0) _exit(127);
    int e = 0;
    if (root) {
        /* Chroot while capable, then become the sandbox's user (1000 inside), which drops
         * every capability. */
        if (chroot(root) != 0 || chdir("/tmp") != 0 || setgid(1000) != 0 || setuid(1000) != 0)
            e = errno;
        if (req->nproc) set_limit(RLIMIT_NPROC, req->nproc, req->nproc);
    }
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    set_limit(RLIMIT_CPU, req->cpu_soft_s, req->cpu_hard_s);
    set_limit(RLIMIT_AS, req->address_space_bytes, req->address_space_bytes);
    if (req->stack_bytes) set_limit(RLIMIT_STACK, req->stack_bytes, req->stack_bytes);
    struct rlimit core = {0, 0};
    setrlimit(RLIMIT_CORE, &core);
    set_path_from(envp_out);
    if (!e) {
        execvpe(argv_out[0], argv_out, envp_out);
        e = errno;
    }
    if (write(errfd, &e, sizeof e) < 0) { /* nothing to do */ }
    _exit(127);
}

/* The outer pid of this process's only child, the program, read before it is reaped (an exited
 * child stays listed until then). /proc is the host's (the launcher is not chrooted), so
 * /proc/self is the launcher's outer pid. */
static pid_t outer_pid_of_child(void) {
    char path[128], text[64], self[32];
    ssize_t len = readlink("/proc/self", self, sizeof self - 1);
    if (len <= 0) return -1;
    self[len] = '\0';
    snprintf(path, sizeof path, "/proc/%s/task/%s/children", self, self);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return -1;
    text[n] = '\0';
    return (pid_t)atoi(text);
}

/* After a case: kills every process left in the PID namespace (the launcher is its PID 1, so
 * kill(-1) reaches all of them, setsid ones included, and not itself) and reaps them. */
static void kill_the_rest(void) {
    for (;;) {
        kill(-1, SIGKILL);
        pid_t p = waitpid(-1, NULL, 0);
        if (p < 0 && errno == ECHILD) return;
    }
}

static ssize_t read_full(int fd, void *p, size_t len) {
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, (char *)p + got, len - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

/* One case in the sandbox. The launcher is PID 1 of the sandbox's PID namespace: it forks the
 * program, waits for it, then kills whatever the program left behind. */
static void run_sandboxed(const struct request *req, int fds[3]) {
    uint32_t box = req->expose;
    int e = prepare_case(box);
    int errpipe[2];
    if (e || pipe2(errpipe, O_CLOEXEC) != 0) {
        for (int i = 0; i < 3; i++) close(fds[i]);
        end_case(box);
        struct reply r = {REPLY_EXEC_FAILED, 0, e ? e : errno, 0, 0, 0, 0};
        send_reply(&r);
        return;
    }
    pid_t child = fork();
    if (child == 0) {
        close(errpipe[0]);
        exec_program(req, fds, errpipe[1]);
    }
    for (int i = 0; i < 3; i++) close(fds[i]);
    close(errpipe[1]);
    pid_t pid = child > 0 ? outer_pid_of_child() : -1;
    if (child > 0) setpgid(child, child);
    if (pid <= 0) {
        close(errpipe[0]);
        if (child > 0) kill_the_rest();
        end_case(box);
        struct reply r = {REPLY_EXEC_FAILED, 0, EAGAIN, 0, 0, 0, 0};
        send_reply(&r);
        return;
    }
    struct reply started = {REPLY_STARTED, pid, 0, 0, 0, 0, 0};
    send_reply(&started);
    int exec_errno = 0;
    ssize_t n = read_full(errpipe[0], &exec_errno, sizeof exec_errno);
    close(errpipe[0]);
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(child, &status, 0, &ru) < 0) {
        if (errno != EINTR) break;
    }
    kill_the_rest();
    end_case(box);
    if (n == (ssize_t)sizeof exec_errno) {
        struct reply r = {REPLY_EXEC_FAILED, pid, exec_errno, 0, 0, 0, 0};
        send_reply(&r);
        return;
    }
    struct reply r = {REPLY_EXITED, pid, status, 0,
                      (int64_t)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec,
                      (int64_t)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec,
                      (int64_t)ru.ru_maxrss};
    send_reply(&r);
}

int main(int argc, char **argv) {
    signal(SIGINT, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    int ready = -1; /* not asked */
    if (argc == 5 && strcmp(argv[3], "--cgroup") == 0) {
        char procs[4096];
        snprintf(procs, sizeof procs, "%s/cgroup.procs", argv[4]);
        write_file(procs, "0\n"); /* best effort: RLIMIT_NPROC stays in any case */
        argc = 3;
    }
    if (argc == 3 && strcmp(argv[1], "--sandbox") == 0) ready = setup_sandbox(argv[2]);
    if (ready > 0) root = NULL;
    if (ready == 0) {
        /* The first child is PID 1 of the new PID namespace: it is the launcher from here on.
         * This process only waits for it; if this one is killed, so is the namespace. */
        pid_t pid1 = fork();
        if (pid1 < 0) {
            ready = errno;
            root = NULL;
        } else if (pid1 > 0) {
            int st;
            while (waitpid(pid1, &st, 0) < 0 && errno == EINTR) {
            }
            _exit(0);
        } else {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
        }
    }
    struct reply hello = {REPLY_READY, 0, ready, 0, 0, 0, 0};
    send_reply(&hello);
    for (;;) {
        union {
            char bytes[CMSG_SPACE(3 * sizeof(int))];
            struct cmsghdr align;
        } control;
        struct iovec iov = {buf, sizeof buf};
        struct msghdr msg;
        memset(&msg, 0, sizeof msg);
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control.bytes;
        msg.msg_controllen = sizeof control.bytes;
        ssize_t n;
        do n = recvmsg(0, &msg, MSG_CMSG_CLOEXEC); while (n < 0 && errno == EINTR);
        if (n <= 0) return 0;

        int fds[3] = {-1, -1, -1};
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
            c->cmsg_len == CMSG_LEN(3 * sizeof(int)))
            memcpy(fds, CMSG_DATA(c), sizeof fds);
        struct request req;
        size_t at = sizeof req;
        int bad = (size_t)n < sizeof req || fds[0] < 0 || (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC));
        if (!bad) {
            memcpy(&req, buf, sizeof req);
            bad = req.argc == 0 || req.argc > MAX_STRINGS || req.envc > MAX_STRINGS ||
                  take_strings(buf, (size_t)n, &at, req.argc, argv_out) != 0 ||
                  take_strings(buf, (size_t)n, &at, req.envc, envp_out) != 0 ||
                  req.expose > MAX_EXPOSE ||
                  take_strings(buf, (size_t)n, &at, 2 * req.expose, expose_out) != 0;
        }
        if (bad) {
            for (int i = 0; i < 3; i++)
                if (fds[i] >= 0) close(fds[i]);
            struct reply r = {REPLY_EXEC_FAILED, 0, EINVAL, 0, 0, 0, 0};
            send_reply(&r);
            continue;
        }

        if (root) {
            run_sandboxed(&req, fds);
            continue;
        }
        int errpipe[2];
        if (pipe2(errpipe, O_CLOEXEC) != 0) return 125;
        pid_t pid = fork();
        if (pid == 0) exec_program(&req, fds, errpipe[1]);
        for (int i = 0; i < 3; i++) close(fds[i]);
        close(errpipe[1]);
        if (pid < 0) {
            close(errpipe[0]);
            struct reply r = {REPLY_EXEC_FAILED, 0, errno, 0, 0, 0, 0};
            send_reply(&r);
            continue;
        }
        /* Both sides set the group, so that it exists before the runner can signal it. */
        setpgid(pid, pid);
        struct reply started = {REPLY_STARTED, pid, 0, 0, 0, 0, 0};
        send_reply(&started);
        int exec_errno = 0;
        do n = read(errpipe[0], &exec_errno, sizeof exec_errno); while (n < 0 && errno == EINTR);
        close(errpipe[0]);
        int status = 0;
        struct rusage ru;
        memset(&ru, 0, sizeof ru);
        while (wait4(pid, &status, 0, &ru) < 0) {
            if (errno != EINTR) break;
        }
        if (n == (ssize_t)sizeof exec_errno) {
            struct reply r = {REPLY_EXEC_FAILED, pid, exec_errno, 0, 0, 0, 0};
            send_reply(&r);
            continue;
        }
        struct reply r = {REPLY_EXITED, pid, status, 0,
                          (int64_t)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec,
                          (int64_t)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec,
                          (int64_t)ru.ru_maxrss};
        send_reply(&r);
    }
}
