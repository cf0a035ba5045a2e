/* The launcher: a small long-lived process that forks every judged program.
 *
 * Why it exists:
 *  - peak memory: a program's ru_maxrss starts from the high-water mark of the process it was
 *    forked from (the kernel carries the old address space's mark across exec). Forked from this
 *    tiny static process, a program measures its own memory, not the runner's.
 *  - cost: forking the runner would copy its page tables, which grow with everything it holds;
 *    forking this process costs the same whatever the runner holds.
 *
 * Protocol (the Rust side is sandbox/src/launcher.rs; keep the two in step):
 *  stdin is a SOCK_SEQPACKET socket to the runner; every message is one record.
 *  request  = struct request, then argc NUL-terminated strings (argv), then envc NUL-terminated
 *             strings (envp), then 2 × expose strings (host file or directory, path in /box:
 *             bound read-only; when its name starts with `rw-`, a writable file or directory
 *             on a capped tmpfs of its own instead, see mount_writable); with exactly 3
 *             file descriptors attached (SCM_RIGHTS): the program's stdin, stdout and stderr.
 *  kill     = any shorter message (4 bytes): while a program runs, kill everything it started;
 *             between cases it is ignored (it came too late).
 *  replies  = struct reply { kind, ... }: first REPLY_READY once, then per request
 *             REPLY_STARTED with the pid (the program runs in its own process group, whose id is
 *             its pid), then REPLY_EXITED with the wait4 status and the case's usage, or
 *             REPLY_EXEC_FAILED with errno when the program could not be started.
 *  End of file on the socket (the runner is gone, even killed with SIGKILL) ends the launcher
 *  and kills what it runs.
 *
 * Every launcher: closes every descriptor from 3 up at start (a descriptor the runner inherited
 * never reaches a program), and installs a seccomp filter that sends every anonymous, not
 * PROT_NONE mapping of 16 MiB or more (mmap, mmap2, mremap) to it: a mapping larger than the
 * case's memory limit is refused (ENOMEM) and reported (refused_bytes), the others go on. A
 * program cannot forge that report: the verdict "allocation refused" comes from here only.
 *
 * The sandbox (`launch --sandbox ROOT`; the runner's `--no-sandbox` leaves it out). Once per
 * launcher: new user, mount, network, IPC, UTS and PID namespaces (the network namespace has only
 * a loopback that is down; the launcher forks once into the PID namespace and goes on as its
 * PID 1, which dies with the launcher; no user namespace can be made inside), a fresh empty
 * session keyring, and a root built on a tmpfs at ROOT holding read-only binds of /usr (and the
 * /bin, /lib… links or directories), a few device nodes, and mount points for /tmp and /box;
 * the root is then remounted read-only, so nothing there can change. The seccomp filter also
 * refuses (EPERM) System V IPC, POSIX message queues, keyrings, inotify, fanotify and ptrace, in both
 * the 64-bit and 32-bit ABIs (x32 is refused whole). Once per case: /tmp is an empty tmpfs of
 * the memory limit's size (made again whenever a program changed anything in it, which its
 * ctime tells where tmpfs times are fine-grained, else after every case), /box a read-only
 * tmpfs holding the program's files bound read-only (remade when the files change), and the PID
 * counter starts again (ns_last_pid), so that no case can see or change anything an earlier one
 * did. The launcher forks the program and waits for it in a poll loop that also serves the
 * seccomp listener and the runner's kill requests; orphans are reaped as they die (the launcher
 * is their PID 1). When the program ends, kill(-1, SIGKILL) from PID 1 kills every process left
 * in the namespace (setsid and setpgid ones included), and all are reaped, before the launcher
 * reports; the CPU time reported is the sum over every process of the case. The program runs
 * chrooted in ROOT with no capabilities (its uid inside is 1000, not 0), no new privileges, only
 * descriptors 0, 1 and 2, and rlimits: processes (RLIMIT_NPROC, counted inside its user
 * namespace), file size (the memory limit), descriptors (64), message queues (0).
 *
 * Cgroups (the runner makes them when it can): `--join DIR` (a pids cgroup), `--memory 1|2 DIR`
 * (cgroup v1 or v2 memory controller), `--cpu 1|2 DIR` (v1 cpuacct, or v2 cpu.stat), joined by
 * the process that forks the programs (PID 1 in the sandbox; the one waiting outside stays out)
 * right after REPLY_READY; REPLY_STARTED's flags say which are in use. Per case the memory
 * cgroup's peak is reset and its limit set to what it holds now plus the case's limit plus
 * 1 MiB; the reply gives the peak (minus what it held at the start) and whether the kernel's OOM
 * killer killed something. The OOM killer takes the largest process; should that be PID 1
 * (every process of the case smaller still), the process waiting outside reports the case
 * (EXITED_LAUNCHER_GONE) before it ends. The CPU counter is reset (v1) or its value at the start
 * sent with REPLY_STARTED (v2), so that the runner can watch the CPU time of every process of
 * the case while it runs.
 *
 * The first reply says how it went: REPLY_READY with 0, or the errno of the step that failed
 * (the launcher then runs programs without a sandbox), the pid of the process that forks
 * programs (as the runner sees it), and flags (READY_*). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

struct request {
    uint64_t cpu_soft_s;
    uint64_t cpu_hard_s;
    uint64_t address_space_bytes; /* 0: unlimited */
    uint64_t stack_bytes;         /* 0: unchanged */
    uint64_t memory_bytes;        /* the memory limit: cgroup, file size, /tmp, refusals */
    uint32_t argc;
    uint32_t envc;
    uint32_t nproc;  /* RLIMIT_NPROC in the sandbox; 0: unchanged */
    uint32_t expose; /* files to show the program: 2 × expose more strings follow, each a
                      * host file and its path in the sandbox (/box/NAME) */
    uint32_t flags;  /* REQUEST_* */
    uint32_t unused;
};

/* A request's flags. REQUEST_PROC: the program gets a /proc (`mount_proc`). */
enum { REQUEST_PROC = 1 };

enum { REPLY_STARTED = 1, REPLY_EXITED = 2, REPLY_EXEC_FAILED = 3, REPLY_READY = 4 };

/* REPLY_READY's and REPLY_STARTED's flags: what is measured (REPLY_READY: allocations are
 * refused and reported; REPLY_STARTED: also whether the memory and CPU cgroups are in use). */
enum { READY_REFUSALS = 1, READY_MEMORY_CGROUP = 2, READY_CPU_CGROUP = 4 };
/* REPLY_EXITED's flags: the OOM killer killed a process of the case; the launcher is gone (its
 * PID 1 was that process: the reply comes from the process waiting outside the namespace). */
enum { EXITED_OOM_KILL = 1, EXITED_LAUNCHER_GONE = 2 };

struct reply {
    int32_t kind;
    int32_t pid;
    int32_t status; /* wait4 status, or errno for REPLY_EXEC_FAILED and REPLY_READY */
    int32_t flags;
    int64_t utime_us;      /* summed over every process of the case */
    int64_t stime_us;
    int64_t maxrss_kib;    /* the largest of them */
    int64_t cgroup_peak;   /* bytes, -1 without a memory cgroup */
    int64_t refused_bytes; /* the largest allocation refused, 0 if none */
    int64_t tmp_bytes;     /* what /tmp held at the end */
    int64_t cpu_base_ns;   /* REPLY_STARTED: the CPU cgroup's counter at the start */
};

/* The wire layout launcher.rs writes and reads (REQUEST_LEN, REPLY_LEN, decode_reply's offsets):
 * a change on one side that the other lacks stops the build here. */
_Static_assert(sizeof(struct request) == 64, "launcher.rs REQUEST_LEN: 5 x u64, 6 x u32");
_Static_assert(offsetof(struct request, argc) == 40, "launcher.rs encode_request: argc at 40");
_Static_assert(offsetof(struct request, flags) == 56, "launcher.rs encode_request: flags at 56");
_Static_assert(sizeof(struct reply) == 72, "launcher.rs REPLY_LEN: 4 x i32, 7 x i64");
_Static_assert(offsetof(struct reply, utime_us) == 16, "launcher.rs decode_reply: utime at 16");
_Static_assert(offsetof(struct reply, maxrss_kib) == 32, "launcher.rs decode_reply: maxrss at 32");
_Static_assert(offsetof(struct reply, cgroup_peak) == 40, "launcher.rs decode_reply: peak at 40");
_Static_assert(offsetof(struct reply, refused_bytes) == 48, "launcher.rs decode_reply: at 48");
_Static_assert(offsetof(struct reply, tmp_bytes) == 56, "launcher.rs decode_reply: tmp at 56");
_Static_assert(offsetof(struct reply, cpu_base_ns) == 64, "launcher.rs decode_reply: at 64");

#define MAX_MESSAGE (256 * 1024)
#define MAX_STRINGS 4096
#define MAX_EXPOSE 8
/* Allocations of at least this size are shown to the launcher (below, they go on unseen). */
#define NOTIFY_BYTES (16u << 20)

static int sock = 0;

static char buf[MAX_MESSAGE];
static char *argv_out[MAX_STRINGS + 1];
static char *envp_out[MAX_STRINGS + 1];
static char *expose_out[2 * MAX_EXPOSE + 1];

/* The sandbox's root, or NULL when programs run without a sandbox. */
static const char *root = NULL;

/* The program of the case in progress (its pid here), 0 between cases. */
static pid_t case_pid = 0;

static int listener = -1;   /* the seccomp filter's */
static int sigfd = -1;      /* SIGCHLD */
static int last_pid_fd = -1;
static uint64_t case_memory = 0;
static int64_t case_refused = 0;

/* Cgroups: 1 or 2 (version), 0 when there is none. */
static int mem_version = 0, cpu_version = 0;
static int mem_peak_fd = -1, mem_usage_fd = -1, mem_limit_fd = -1, mem_events_fd = -1;
static int cpu_fd = -1;
static int64_t mem_base = 0;
static int64_t mem_limit_set = -1;
static int64_t oom_kills_seen = 0;

/* Shared with the process waiting outside the namespace, which reports the case when the OOM
 * killer chose PID 1 (the largest process of the case's memory cgroup, when every process of
 * the case is smaller still). */
struct shared {
    int32_t pid;     /* the program's, while a case runs; 0 between cases */
    int32_t unused;
    int64_t oom_seen; /* the cgroup's oom_kill count before the case */
    int64_t mem_base; /* what the memory cgroup held before the case */
};
static struct shared *shared = NULL;

static void kill_case(void);

/* What is measured (READY_* flags), sent with every REPLY_STARTED. */
static int32_t measures = 0;

/* Ends the launcher, killing the case in progress first. */
static void die(void) {
    kill_case();
    _exit(0);
}

static void send_reply(const struct reply *r) {
    ssize_t n;
    do n = send(sock, r, sizeof *r, MSG_NOSIGNAL); while (n < 0 && errno == EINTR);
    if (n < 0) die(); /* the runner is gone */
}

static void reply_failed(int32_t pid, int e) {
    struct reply r;
    memset(&r, 0, sizeof r);
    r.kind = REPLY_EXEC_FAILED;
    r.pid = pid;
    r.status = e;
    send_reply(&r);
}

static void set_limit(int resource, uint64_t soft, uint64_t hard) {
    struct rlimit r;
    r.rlim_cur = soft ? soft : RLIM_INFINITY;
    r.rlim_max = hard ? hard : RLIM_INFINITY;
    setrlimit(resource, &r);
}

/* Closes (or, with `cloexec`, marks close-on-exec) every descriptor from `from` up. */
static void close_from(int from, int cloexec) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)from, ~0u, cloexec ? 4u /* CLOSE_RANGE_CLOEXEC */ : 0u) == 0)
        return;
#endif
    struct rlimit r;
    long max = getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY ? (long)r.rlim_cur : 65536;
    for (long fd = from; fd < max; fd++) {
        if (cloexec)
            fcntl((int)fd, F_SETFD, FD_CLOEXEC);
        else
            close((int)fd);
    }
}

/* Splits `count` NUL-terminated strings from buf[*at..len) into out (NULL-terminated). */
static int take_strings(char *b, size_t len, size_t *at, uint32_t count, char **out) {
    for (uint32_t i = 0; i < count; i++) {
        char *s = b + *at;
        char *end = memchr(s, '\0', len - *at);
        if (!end) return -1;
        out[i] = s;
        *at = (size_t)(end - b) + 1;
    }
    out[count] = NULL;
    return 0;
}

static int write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = write(fd, text, strlen(text));
    int e = errno;
    close(fd);
    errno = e;
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

static void path_in_root(char *out, size_t size, const char *rel) {
    snprintf(out, size, "%s/%s", root, rel[0] == '/' ? rel + 1 : rel);
}

/* ---- cgroups ---------------------------------------------------------------------------- */

/* The number a cgroup file holds (key NULL), or the one after "key " at the start of a line. */
static int64_t read_number(int fd, const char *key) {
    char text[2048];
    ssize_t n = pread(fd, text, sizeof text - 1, 0);
    if (n <= 0) return -1;
    text[n] = '\0';
    if (!key) return strtoll(text, NULL, 10);
    size_t kl = strlen(key);
    for (char *p = text; p && *p;) {
        if (strncmp(p, key, kl) == 0 && p[kl] == ' ') return strtoll(p + kl + 1, NULL, 10);
        p = strchr(p, '\n');
        if (p) p++;
    }
    return -1;
}

static int write_number(int fd, int64_t v) {
    char t[32];
    int n = snprintf(t, sizeof t, "%lld", (long long)v);
    return pwrite(fd, t, (size_t)n, 0) == n ? 0 : -1;
}

static int open_in(const char *dir, const char *file, int flags) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    return open(path, flags | O_CLOEXEC);
}

static int join_cgroup(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/cgroup.procs", dir);
    return write_file(path, "0\n");
}

static void setup_memory_cgroup(int version, const char *dir) {
    if (join_cgroup(dir) != 0) return;
    if (version == 1) {
        mem_peak_fd = open_in(dir, "memory.max_usage_in_bytes", O_RDWR);
        mem_usage_fd = open_in(dir, "memory.usage_in_bytes", O_RDONLY);
        mem_limit_fd = open_in(dir, "memory.limit_in_bytes", O_WRONLY);
        mem_events_fd = open_in(dir, "memory.oom_control", O_RDONLY);
    } else {
        mem_peak_fd = open_in(dir, "memory.peak", O_RDWR);
        mem_usage_fd = open_in(dir, "memory.current", O_RDONLY);
        mem_limit_fd = open_in(dir, "memory.max", O_WRONLY);
        mem_events_fd = open_in(dir, "memory.events", O_RDONLY);
    }
    if (mem_peak_fd < 0 || mem_usage_fd < 0 || mem_limit_fd < 0 || mem_events_fd < 0) return;
    /* The peak must be resettable per case (cgroup v2: Linux 6.12 and later). */
    if (pwrite(mem_peak_fd, "0", 1, 0) != 1) return;
    oom_kills_seen = read_number(mem_events_fd, "oom_kill");
    if (oom_kills_seen < 0) oom_kills_seen = 0;
    if (shared) shared->oom_seen = oom_kills_seen;
    mem_version = version;
}

static void setup_cpu_cgroup(int version, const char *dir) {
    if (join_cgroup(dir) != 0) return;
    cpu_fd = open_in(dir, version == 1 ? "cpuacct.usage" : "cpu.stat", version == 1 ? O_RDWR : O_RDONLY);
    if (cpu_fd >= 0) cpu_version = version;
}

/* Before a case: the memory peak starts again, the limit is what the cgroup holds now plus the
 * case's, and the CPU counter starts again (v1) or is noted (v2). Returns the CPU counter (ns). */
static int64_t cgroup_case_start(uint64_t limit) {
    if (mem_version) {
        if (pwrite(mem_peak_fd, "0", 1, 0) < 0) { /* the peak stays as it was: an overestimate */
        }
        mem_base = read_number(mem_usage_fd, NULL);
        if (mem_base < 0) mem_base = 0;
        int64_t want = mem_base + (int64_t)(limit ? limit : (1ull << 40)) + (1 << 20);
        want = (want + 4095) / 4096 * 4096;
        if (want != mem_limit_set && write_number(mem_limit_fd, want) == 0) mem_limit_set = want;
    }
    if (cpu_version == 1) {
        if (pwrite(cpu_fd, "0", 1, 0) < 0) { /* the runner's figures are then too high */
        }
        return 0;
    }
    if (cpu_version == 2) {
        int64_t us = read_number(cpu_fd, "usage_usec");
        return us > 0 ? us * 1000 : 0;
    }
    return 0;
}

/* After a case: its memory peak (-1 without a memory cgroup), and whether the OOM killer
 * killed a process of it. */
static int64_t cgroup_peak(void) {
    if (!mem_version) return -1;
    int64_t p = read_number(mem_peak_fd, NULL);
    if (p < 0) return -1;
    return p > mem_base ? p - mem_base : 0;
}

static int cgroup_oom_killed(void) {
    if (!mem_version) return 0;
    int64_t k = read_number(mem_events_fd, "oom_kill");
    if (k < 0) return 0;
    int killed = k > oom_kills_seen;
    oom_kills_seen = k;
    if (shared) shared->oom_seen = k;
    return killed;
}

/* ---- the seccomp filter ----------------------------------------------------------------- */

#define MAX_FILTER 256
struct filter {
    struct sock_filter ins[MAX_FILTER];
    unsigned n;
};

static void emit(struct filter *f, struct sock_filter s) {
    if (f->n < MAX_FILTER) f->ins[f->n++] = s;
}

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ARG_LO(i) ((uint32_t)(offsetof(struct seccomp_data, args) + 8 * (i)))
#define ARG_HI(i) ((uint32_t)(offsetof(struct seccomp_data, args) + 8 * (i) + 4))
#else
#define ARG_LO(i) ((uint32_t)(offsetof(struct seccomp_data, args) + 8 * (i) + 4))
#define ARG_HI(i) ((uint32_t)(offsetof(struct seccomp_data, args) + 8 * (i)))
#endif
#define LD(off) ((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (off)))
#define JEQ(k, t, f) ((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (k), (t), (f)))
#define JGE(k, t, f) ((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, (k), (t), (f)))
#define JSET(k, t, f) ((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, (k), (t), (f)))
#define RET(k) ((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, (k)))

/* mmap-like call `nr` (length in argument 1, prot in 2, flags in 3): an anonymous mapping, not
 * PROT_NONE, of NOTIFY_BYTES or more goes to the launcher. A = nr on entry, kept when not `nr`. */
static void emit_mmap(struct filter *f, uint32_t nr, uint32_t notify) {
    emit(f, JEQ(nr, 0, 11));
    emit(f, LD(ARG_LO(2)));
    emit(f, JEQ(PROT_NONE, 8, 0));
    emit(f, LD(ARG_LO(3)));
    emit(f, JSET(MAP_ANONYMOUS, 0, 6));
    emit(f, LD(ARG_HI(1)));
    emit(f, JEQ(0, 1, 0));
    emit(f, RET(notify));
    emit(f, LD(ARG_LO(1)));
    emit(f, JGE(NOTIFY_BYTES, 0, 1));
    emit(f, RET(notify));
    emit(f, RET(SECCOMP_RET_ALLOW));
}

/* mremap (new length in argument 2). */
static void emit_mremap(struct filter *f, uint32_t nr, uint32_t notify) {
    emit(f, JEQ(nr, 0, 7));
    emit(f, LD(ARG_HI(2)));
    emit(f, JEQ(0, 1, 0));
    emit(f, RET(notify));
    emit(f, LD(ARG_LO(2)));
    emit(f, JGE(NOTIFY_BYTES, 0, 1));
    emit(f, RET(notify));
    emit(f, RET(SECCOMP_RET_ALLOW));
}

static void emit_denied(struct filter *f, const int *nrs, size_t count) {
    for (size_t i = 0; i < count; i++) {
        emit(f, JEQ((uint32_t)nrs[i], 0, 1));
        emit(f, RET(SECCOMP_RET_ERRNO | EPERM));
    }
}

/* What the sandbox refuses: state that outlives a process (System V IPC, POSIX message queues,
 * keys), watching the host (inotify, fanotify), and tracing (ptrace: as judges refuse it; a
 * stop it would cause is not an end, see reap). */
static const int native_denied[] = {
#ifdef __NR_shmget
    __NR_shmget, __NR_shmat, __NR_shmctl, __NR_shmdt,
#endif
#ifdef __NR_semget
    __NR_semget, __NR_semop, __NR_semctl,
#endif
#ifdef __NR_semtimedop
    __NR_semtimedop,
#endif
#ifdef __NR_msgget
    __NR_msgget, __NR_msgsnd, __NR_msgrcv, __NR_msgctl,
#endif
#ifdef __NR_ipc
    __NR_ipc,
#endif
    __NR_mq_open, __NR_mq_unlink, __NR_mq_timedsend, __NR_mq_timedreceive, __NR_mq_notify,
    __NR_mq_getsetattr, __NR_add_key, __NR_request_key, __NR_keyctl, __NR_ptrace,
#ifdef __NR_inotify_init
    __NR_inotify_init,
#endif
    __NR_inotify_init1, __NR_inotify_add_watch, __NR_inotify_rm_watch,
#ifdef __NR_fanotify_init
    __NR_fanotify_init, __NR_fanotify_mark,
#endif
};

#if defined(__x86_64__)
#define NATIVE_ARCH AUDIT_ARCH_X86_64
/* The 32-bit ABI of x86-64 kernels (programs built with -m32), by number: the host's headers are
 * for the 64-bit one. */
static const int i386_denied[] = {
    117 /* ipc */, 393, 394, 395, 396, 397, 398, 399, 400, 401, 402, /* semget … msgctl */
    420 /* semtimedop_time64 */, 277, 278, 279, 280, 281, 282, 418, 419, /* mq_* */
    286, 287, 288, /* add_key, request_key, keyctl */
    291, 292, 293, 332, /* inotify */
    338, 339, /* fanotify */
    26, /* ptrace */
};
#elif defined(__aarch64__)
#define NATIVE_ARCH AUDIT_ARCH_AARCH64
#endif

#ifdef NATIVE_ARCH
static void build_filter(struct filter *f, int sandbox, uint32_t notify) {
    f->n = 0;
    emit(f, LD(offsetof(struct seccomp_data, arch)));
    unsigned to_patch = f->n;
    emit(f, JEQ(NATIVE_ARCH, 0, 0));
    emit(f, LD(offsetof(struct seccomp_data, nr)));
#if defined(__x86_64__)
    emit(f, JGE(0x40000000u, 0, 1)); /* x32: refused whole */
    emit(f, RET(SECCOMP_RET_ERRNO | ENOSYS));
#endif
#ifdef __NR_mmap
    emit_mmap(f, __NR_mmap, notify);
#endif
#ifdef __NR_mmap2
    emit_mmap(f, __NR_mmap2, notify);
#endif
    emit_mremap(f, __NR_mremap, notify);
    if (sandbox) emit_denied(f, native_denied, sizeof native_denied / sizeof *native_denied);
    emit(f, RET(SECCOMP_RET_ALLOW));
    f->ins[to_patch].jf = (uint8_t)(f->n - to_patch - 1);
#if defined(__x86_64__)
    emit(f, JEQ(AUDIT_ARCH_I386, 1, 0));
    emit(f, RET(SECCOMP_RET_ERRNO | ENOSYS));
    emit(f, LD(offsetof(struct seccomp_data, nr)));
    emit_mmap(f, 192 /* mmap2 */, notify);
    emit_mremap(f, 163, notify);
    if (sandbox) emit_denied(f, i386_denied, sizeof i386_denied / sizeof *i386_denied);
    emit(f, RET(SECCOMP_RET_ALLOW));
#else
    emit(f, RET(SECCOMP_RET_ERRNO | ENOSYS));
#endif
}

/* Installs the filter on this process (programs inherit it); with a listener when the kernel
 * has them. Returns 0 or errno. */
static int install_filter(int sandbox) {
    struct filter f;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    build_filter(&f, sandbox, SECCOMP_RET_USER_NOTIF);
    if (f.n >= MAX_FILTER) return E2BIG;
    struct sock_fprog prog = {(unsigned short)f.n, f.ins};
    long fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog);
    if (fd >= 0) {
        listener = (int)fd;
        fcntl(listener, F_SETFD, FD_CLOEXEC);
        return 0;
    }
    build_filter(&f, sandbox, SECCOMP_RET_ALLOW);
    if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0) return 0;
    return errno;
}

/* One notification: an allocation larger than the case's memory limit is refused. */
static void handle_notification(void) {
    struct seccomp_notif req;
    struct seccomp_notif_resp resp;
    memset(&req, 0, sizeof req);
    if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &req) != 0) return;
    int mremap_call = req.data.nr == __NR_mremap;
#if defined(__x86_64__)
    if (req.data.arch == AUDIT_ARCH_I386) mremap_call = req.data.nr == 163;
#endif
    uint64_t len = req.data.args[mremap_call ? 2 : 1];
    memset(&resp, 0, sizeof resp);
    resp.id = req.id;
    if (case_memory && len > case_memory) {
        resp.error = -ENOMEM;
        if ((int64_t)len > case_refused) case_refused = (int64_t)len;
    } else {
        resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
    }
    ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &resp);
}
#else
static int install_filter(int sandbox) {
    (void)sandbox;
    return ENOSYS;
}
static void handle_notification(void) {}
#endif

/* ---- the sandbox's root ----------------------------------------------------------------- */

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

/* Mounts a tmpfs at `rel` in the root. */
static int mount_tmpfs(const char *rel, const char *options) {
    char target[4096];
    path_in_root(target, sizeof target, rel);
    return mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV, options) == 0 ? 0 : errno;
}

static int remount_readonly(const char *rel) {
    char target[4096];
    path_in_root(target, sizeof target, rel);
    return mount(NULL, target, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) == 0
               ? 0
               : errno;
}

static void unmount(const char *rel) {
    char target[4096];
    path_in_root(target, sizeof target, rel);
    umount2(target, MNT_DETACH | UMOUNT_NOFOLLOW);
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
        /* No supplementary group of root's reaches a program. */
        if (setgroups(0, NULL) != 0) return errno;
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
    /* The JDK's configuration (jvm.cfg, java.security, …) is links into /etc/java-N-openjdk:
     * those folders, read-only, and nothing else of /etc. */
    DIR *etc = opendir("/etc");
    for (struct dirent *d; etc && (d = readdir(etc));) {
        char name[300];
        if (strncmp(d->d_name, "java-", 5) != 0) continue;
        path_in_root(target, sizeof target, "etc");
        if (mkdir(target, 0755) != 0 && errno != EEXIST) return errno;
        snprintf(name, sizeof name, "etc/%s", d->d_name);
        if (mirror(name) != 0) return errno;
    }
    if (etc) closedir(etc);
    const char *devs[] = {"null", "zero", "full", "random", "urandom"};
    for (size_t i = 0; i < sizeof devs / sizeof *devs; i++) {
        char host[64], map[64];
        snprintf(host, sizeof host, "/dev/%s", devs[i]);
        snprintf(map, sizeof map, "dev/%s", devs[i]);
        path_in_root(target, sizeof target, map);
        int fd = open(target, O_CREAT | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0666);
        if (fd < 0) return errno;
        close(fd);
        if (mount(host, target, NULL, MS_BIND, NULL) != 0) return errno;
    }
    /* /box: empty and read-only until a case shows files there. */
    if ((e = mount_tmpfs("box", "size=64k,mode=0755")) || (e = remount_readonly("box"))) return e;
    /* Nothing of the root can change from here on: not its links, not its directories. */
    if (mount(NULL, dir, NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0)
        return errno;
    /* The loopback stays down: nothing is reachable, not even 127.0.0.1. */
    return 0;
}

/* What /box holds now: consecutive cases of the same program keep it (it is read-only, so no
 * program can have changed it). */
static char bound[MAX_EXPOSE][2][4096];
static dev_t bound_dev[MAX_EXPOSE];
static ino_t bound_ino[MAX_EXPOSE];
static uint32_t bound_count = 0;

/* /tmp: its size (0: none mounted), and how it looked when it was made. Any change to /tmp (an
 * entry created, even if removed since; its mode, owner, times or attributes changed) changes
 * its ctime; where the kernel gives tmpfs fine-grained timestamps once they are looked at
 * (multigrain timestamps, Linux 6.13 and later: checked once per launcher), a ctime unchanged
 * since it was made says that no program touched it, and it is kept (most programs never touch
 * /tmp); else it is made again. Where timestamps are coarse, /tmp is made again after every
 * case. Mounted noatime: a listing leaves no trace. */
static uint64_t tmp_size = 0;
static struct stat tmp_made;
static int tmp_fine = -1; /* -1: not checked yet */

static int stat_tmp(struct stat *st) {
    char target[4096];
    path_in_root(target, sizeof target, "tmp");
    return stat(target, st);
}

static int same_time(struct timespec a, struct timespec b) {
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

static int mount_tmp(uint64_t size) {
    char options[64], target[4096];
    snprintf(options, sizeof options, "size=%llu,mode=1777", (unsigned long long)size);
    path_in_root(target, sizeof target, "tmp");
    if (mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOATIME, options) != 0) {
        tmp_size = 0;
        return errno;
    }
    tmp_size = size;
    /* Looking at its times now makes the next change to them fine-grained. */
    if (stat_tmp(&tmp_made) != 0) tmp_fine = 0;
    return 0;
}

/* Whether this kernel's tmpfs times tell every change: an entry made and removed at once, 20
 * times, must change /tmp's ctime each time. */
static int fine_grained_times(void) {
    char probe[4096];
    path_in_root(probe, sizeof probe, "tmp/.probe");
    for (int i = 0; i < 20; i++) {
        struct stat a, b;
        if (stat_tmp(&a) != 0) return 0;
        int fd = open(probe, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0) return 0;
        close(fd);
        unlink(probe);
        if (stat_tmp(&b) != 0 || same_time(a.st_ctim, b.st_ctim)) return 0;
    }
    return 1;
}

/* Whether anything happened to /tmp since it was made. */
static int tmp_changed(void) {
    struct stat st;
    if (tmp_fine != 1 || stat_tmp(&st) != 0) return 1;
    return !same_time(st.st_ctim, tmp_made.st_ctim) || !same_time(st.st_mtim, tmp_made.st_mtim) ||
           st.st_mode != tmp_made.st_mode || st.st_uid != tmp_made.st_uid ||
           st.st_gid != tmp_made.st_gid || st.st_nlink != tmp_made.st_nlink ||
           st.st_size != tmp_made.st_size || st.st_ino != tmp_made.st_ino ||
           st.st_dev != tmp_made.st_dev;
}

/* A fresh /tmp of `size`. */
static int remake_tmp(uint64_t size) {
    if (tmp_size) unmount("tmp");
    int e = mount_tmp(size);
    if (!e && tmp_fine < 0) {
        tmp_fine = fine_grained_times();
        unmount("tmp"); /* the probe advanced its inode numbers */
        e = mount_tmp(size);
    }
    return e;
}

/* A writable entry (`/box/rw-NAME`: an interactor's output file, a Kattis validator's feedback
 * directory) is never the host's file: it is a tmpfs of its own of RW_BYTES and RW_INODES at
 * most, in this mount namespace only (a directory: the tmpfs itself, mode 0777; a file: the one
 * file of a tmpfs at `/box/.rw-N`, bound there). Nothing a program writes there reaches the
 * host's disk or any other user, it cannot write more than the cap (ENOSPC), and it is gone
 * with the mount. The runner reads it back through /proc/FORKER/root and empties it after every
 * case; a case finds it as made, or /box is made again (`rw_clean`). */
#define RW_BYTES (64ull << 20)
#define RW_INODES 256

/* The bytes the writable entry at `box_path` may hold: RW_BYTES, read back into the runner's
 * memory; but the compile's output (`/box/rw-out`, compile.rs OUTPUT), which the runner streams to
 * its disk, as much as the compile's memory limit (its pages are charged to the compile's
 * memory cgroup, which bounds it anyway): a judge lets a program with a large initialised array
 * compile (DOMjudge allows 2.5 GiB of output, the Kattis format 2 GiB of compile memory). */
static uint64_t rw_bytes(const char *box_path, const struct request *req) {
    if (strcmp(box_path, "/box/rw-out") == 0 && req->memory_bytes > RW_BYTES)
        return (req->memory_bytes + 4095) / 4096 * 4096;
    return RW_BYTES;
}

static int mount_writable(const char *target, int is_dir, uint32_t i, uint64_t bytes) {
    char options[96];
    snprintf(options, sizeof options, "size=%llu,nr_inodes=%d,mode=%s",
             (unsigned long long)bytes, RW_INODES, is_dir ? "0777" : "0755");
    if (is_dir)
        return mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV, options) == 0 ? 0 : errno;
    char rel[32], dir[4096], file[4096];
    snprintf(rel, sizeof rel, "/box/.rw-%u", (unsigned)i);
    path_in_root(dir, sizeof dir, rel);
    if (mkdir(dir, 0755) != 0) return errno;
    if (mount("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0) return errno;
    snprintf(file, sizeof file, "%s/f", dir);
    int fd = open(file, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (fd < 0) return errno;
    int e = fchmod(fd, 0666) == 0 ? 0 : errno;
    close(fd);
    if (e) return e;
    return mount(file, target, NULL, MS_BIND, NULL) == 0 ? 0 : errno;
}

/* Whether the writable entry at `box_path` is as `mount_writable` made it: a tmpfs of `bytes`
 * with no block in use and no inode but its root (and its file). */
static int rw_clean(const char *box_path, int is_dir, uint64_t bytes) {
    char target[4096];
    struct statfs s;
    path_in_root(target, sizeof target, box_path);
    if (statfs(target, &s) != 0 || s.f_type != 0x01021994 /* TMPFS_MAGIC */) return 0;
    if ((uint64_t)s.f_blocks * (uint64_t)s.f_bsize != bytes) return 0;
    return s.f_blocks == s.f_bfree && s.f_files - s.f_ffree <= (is_dir ? 1u : 2u);
}

/* Whether /proc is mounted in the root now. */
static int proc_mounted = 0;

/* /proc for a request that asks for it (a compile by Debian's rustc 1.63, which finds its
 * sysroot through /proc/self/exe and panics without it), else none: a procfs of this PID
 * namespace showing only the processes (`subset=pid`: no /proc/sys, no machine-wide file such
 * as /proc/meminfo) that the program's own user may see (`hidepid=invisible`: not the
 * launcher, PID 1, whose user is root in the namespace). Mounted by PID 1, in the namespace.
 * Best effort: where the kernel refuses the mount, the program goes without /proc. */
static void mount_proc(int want) {
    if (want == proc_mounted) return;
    char target[4096];
    path_in_root(target, sizeof target, "proc");
    if (!want) {
        umount2(target, MNT_DETACH | UMOUNT_NOFOLLOW);
        proc_mounted = 0;
        return;
    }
    proc_mounted = mount("proc", target, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
                         "subset=pid,hidepid=invisible") == 0;
}

/* Once per case: /tmp of the case's size, the program's files in /box, /proc if asked. */
static int prepare_case(const struct request *req) {
    uint32_t count = req->expose;
    mount_proc((req->flags & REQUEST_PROC) != 0);
    uint64_t want = req->memory_bytes ? (req->memory_bytes + 4095) / 4096 * 4096 : 256ull << 20;
    if (tmp_size != want || tmp_changed()) {
        int e = remake_tmp(want);
        if (e) return e;
    }
    int same = count == bound_count;
    struct stat st[MAX_EXPOSE];
    for (uint32_t i = 0; i < count; i++) {
        const char *host_file = expose_out[2 * i], *box_path = expose_out[2 * i + 1];
        if (strncmp(box_path, "/box/", 5) != 0 || strchr(box_path + 5, '/') || !box_path[5] ||
            box_path[5] == '.')
            return EINVAL;
        if (strlen(host_file) >= sizeof bound[0][0] || strlen(box_path) >= sizeof bound[0][1])
            return ENAMETOOLONG;
        if (stat(host_file, &st[i]) != 0) return errno;
        same = same && strcmp(bound[i][0], host_file) == 0 && strcmp(bound[i][1], box_path) == 0 &&
               bound_dev[i] == st[i].st_dev && bound_ino[i] == st[i].st_ino &&
               (strncmp(box_path + 5, "rw-", 3) != 0 ||
                rw_clean(box_path, S_ISDIR(st[i].st_mode), rw_bytes(box_path, req)));
    }
    if (!same) {
        /* A fresh /box: the binds of the last one go with it. */
        unmount("box");
        bound_count = 0;
        int e = mount_tmpfs("box", "size=64k,mode=0755");
        if (e) return e;
        for (uint32_t i = 0; i < count; i++) {
            const char *host_file = expose_out[2 * i], *box_path = expose_out[2 * i + 1];
            char target[4096];
            path_in_root(target, sizeof target, box_path);
            /* `/box/rw-NAME`: a file or directory the program may write, on a tmpfs of its
             * own (`mount_writable`); everything else is the host's, read-only. */
            int writable = strncmp(box_path + 5, "rw-", 3) == 0;
            if (S_ISDIR(st[i].st_mode)) {
                if (mkdir(target, 0755) != 0) return errno;
            } else {
                int fd = open(target, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0755);
                if (fd < 0) return errno;
                close(fd);
            }
            if (writable) {
                if ((e = mount_writable(target, S_ISDIR(st[i].st_mode), i,
                                        rw_bytes(box_path, req))))
                    return e;
            } else if (bind_readonly(host_file, target, 0) != 0) {
                return errno;
            }
            strcpy(bound[i][0], host_file);
            strcpy(bound[i][1], box_path);
            bound_dev[i] = st[i].st_dev;
            bound_ino[i] = st[i].st_ino;
        }
        if ((e = remount_readonly("box"))) return e;
        bound_count = count;
    }
    return 0;
}

/* After a case (and after its reply): a fresh /tmp if this one changed, so that nothing of
 * this case reaches the next one (not its files, their inode numbers, nor the directory's mode,
 * times or attributes). */
static void end_case(void) {
    if (tmp_size && tmp_changed()) remake_tmp(tmp_size);
}

static int64_t tmp_in_use(void) {
    char target[4096];
    struct statfs s;
    if (!tmp_size) return 0;
    path_in_root(target, sizeof target, "tmp");
    if (statfs(target, &s) != 0) return 0;
    return (int64_t)(s.f_blocks - s.f_bfree) * (int64_t)s.f_bsize;
}

/* ---- running a case --------------------------------------------------------------------- */

static void set_path_from(char **envp) {
    for (char **e = envp; *e; e++)
        if (strncmp(*e, "PATH=", 5) == 0) setenv("PATH", *e + 5, 1);
}

/* In the forked program, before exec: never returns. */
static void exec_program(const struct request *req, int fds[3], int errfd) {
    setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGINT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    /* The three descriptors are close-on-exec; dup2 gives clean copies at 0, 1, 2. Everything
     * else (the launcher's own, errfd included) closes at exec. */
    if (dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0 || dup2(fds[2], 2) < 0) _exit(127);
    close_from(3, 1);
    int e = 0;
    if (root) {
        /* Chroot while capable, then become the sandbox's user (1000 inside), which drops
         * every capability. */
        if (!e && (chroot(root) != 0 || chdir("/tmp") != 0 || setgid(1000) != 0 || setuid(1000) != 0))
            e = errno;
        if (req->nproc) set_limit(RLIMIT_NPROC, req->nproc, req->nproc);
        if (req->memory_bytes) set_limit(RLIMIT_FSIZE, req->memory_bytes, req->memory_bytes);
        set_limit(RLIMIT_NOFILE, 64, 64);
        struct rlimit zero = {0, 0};
        setrlimit(RLIMIT_MSGQUEUE, &zero);
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

/* Kills the case in progress: in the sandbox every process of the namespace (the launcher is
 * its PID 1, so kill(-1) reaches all of them, whatever group or session they moved to, and not
 * itself); without it, the program and its process group. */
static void kill_case(void) {
    if (!case_pid) return;
    if (root) {
        kill(-1, SIGKILL);
    } else {
        kill(case_pid, SIGKILL);
        kill(-case_pid, SIGKILL);
    }
}

struct usage {
    int64_t utime_us, stime_us, maxrss_kib;
};

static void add_usage(struct usage *u, const struct rusage *ru) {
    u->utime_us += (int64_t)ru->ru_utime.tv_sec * 1000000 + ru->ru_utime.tv_usec;
    u->stime_us += (int64_t)ru->ru_stime.tv_sec * 1000000 + ru->ru_stime.tv_usec;
    if (ru->ru_maxrss > u->maxrss_kib) u->maxrss_kib = ru->ru_maxrss;
}

/* Reaps every child that has ended (all of them, blocking, with `block`); returns whether
 * `child` was among them, with its status. */
static int reap(pid_t child, struct usage *u, int *status, int block) {
    int found = 0;
    for (;;) {
        int st;
        struct rusage ru;
        pid_t p = wait4(-1, &st, __WALL | (block ? 0 : WNOHANG), &ru);
        if (p < 0 && errno == EINTR) continue;
        if (p <= 0) break;
        if (WIFSTOPPED(st)) {
            /* A ptrace stop (a process that made the launcher its tracer, PTRACE_TRACEME, and
             * stopped at a signal): not an end. Detached, the signal delivered, it goes on and
             * is judged by how it really ends (or killed at its limit). */
            ptrace(PTRACE_DETACH, p, NULL, (void *)(intptr_t)WSTOPSIG(st));
            continue;
        }
        if (WIFCONTINUED(st)) continue;
        add_usage(u, &ru);
        if (p == child) {
            *status = st;
            found = 1;
        }
    }
    return found;
}

/* Waits for the program: reaps whatever ends (orphans included), serves the seccomp listener,
 * and kills the case when the runner asks (or dies). */
static void wait_case(pid_t child, struct usage *u, int *status) {
    for (;;) {
        struct pollfd p[3] = {{sock, POLLIN, 0}, {sigfd, POLLIN, 0}, {listener, POLLIN, 0}};
        nfds_t n = listener >= 0 ? 3 : 2;
        if (poll(p, n, -1) < 0 && errno != EINTR) {
            /* Cannot happen; wait without the loop rather than spin. */
            while (!reap(child, u, status, 1)) {
            }
            return;
        }
        if (p[1].revents) {
            struct signalfd_siginfo si;
            while (read(sigfd, &si, sizeof si) == (ssize_t)sizeof si) {
            }
        }
        if (reap(child, u, status, 0)) return;
        if (n == 3 && (p[2].revents & POLLIN)) handle_notification();
        if (p[0].revents) {
            char b[64];
            ssize_t m = recv(sock, b, sizeof b, MSG_DONTWAIT);
            if (m == 0 || (m < 0 && errno != EAGAIN && errno != EINTR)) die(); /* runner gone */
            if (m > 0) kill_case();
        }
    }
}

/* One case: prepare the sandbox, fork the program, wait for it and for everything it started,
 * report. */
static void run_case(const struct request *req, int fds[3]) {
    int e = root ? prepare_case(req) : 0;
    int errpipe[2];
    if (e || pipe2(errpipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        if (!e) e = errno;
        for (int i = 0; i < 3; i++) close(fds[i]);
        reply_failed(0, e);
        return;
    }
    struct reply started;
    memset(&started, 0, sizeof started);
    started.kind = REPLY_STARTED;
    started.flags = measures;
    started.cpu_base_ns = cgroup_case_start(req->memory_bytes);
    case_memory = req->memory_bytes;
    case_refused = 0;
    if (last_pid_fd >= 0 && pwrite(last_pid_fd, "1", 1, 0) != 1) { /* pids go on from here */
    }
    pid_t child = fork();
    if (child == 0) {
        close(errpipe[0]);
        exec_program(req, fds, errpipe[1]);
    }
    e = errno;
    for (int i = 0; i < 3; i++) close(fds[i]);
    close(errpipe[1]);
    if (child < 0) {
        close(errpipe[0]);
        reply_failed(0, e);
        return;
    }
    /* Both sides set the group, so that it exists before the runner can signal it. */
    setpgid(child, child);
    case_pid = child;
    struct usage u = {0, 0, 0};
    int status = 0;
    pid_t pid = root ? outer_pid_of_child() : child;
    if (pid <= 0) {
        kill_case();
        reap(child, &u, &status, 1);
        case_pid = 0;
        close(errpipe[0]);
        reply_failed(0, EAGAIN);
        if (root) end_case();
        return;
    }
    started.pid = pid;
    if (shared) {
        shared->mem_base = mem_base;
        shared->pid = pid;
    }
    send_reply(&started);
    wait_case(child, &u, &status);
    /* Whatever the program left behind dies now, and is counted. */
    if (root) {
        for (;;) {
            kill(-1, SIGKILL);
            int st;
            struct rusage ru;
            pid_t p = wait4(-1, &st, __WALL, &ru);
            if (p > 0) {
                if (!WIFSTOPPED(st)) add_usage(&u, &ru);
            } else if (errno != EINTR) {
                break; /* ECHILD: none left */
            }
        }
    } else {
        kill(-child, SIGKILL);
    }
    case_pid = 0;
    int exec_errno = 0;
    ssize_t n = read(errpipe[0], &exec_errno, sizeof exec_errno);
    close(errpipe[0]);
    struct reply r;
    memset(&r, 0, sizeof r);
    if (n == (ssize_t)sizeof exec_errno) {
        cgroup_oom_killed();
        if (shared) shared->pid = 0;
        reply_failed(pid, exec_errno);
    } else {
        r.kind = REPLY_EXITED;
        r.pid = pid;
        r.status = status;
        r.flags = cgroup_oom_killed() ? EXITED_OOM_KILL : 0;
        r.utime_us = u.utime_us;
        r.stime_us = u.stime_us;
        r.maxrss_kib = u.maxrss_kib;
        r.cgroup_peak = cgroup_peak();
        r.refused_bytes = case_refused;
        r.tmp_bytes = root && !mem_version ? tmp_in_use() : 0;
        send_reply(&r);
    }
    if (shared) shared->pid = 0;
    if (root) end_case();
}

/* In the process waiting outside the namespace, when PID 1 died during a case: if the OOM killer
 * killed it, the case ends as an OOM kill (with the cgroup's peak), and the launcher is gone. */
static void report_oom_of_pid1(char **memory_arg) {
    int version = atoi(memory_arg[0]);
    int events = open_in(memory_arg[1], version == 1 ? "memory.oom_control" : "memory.events", O_RDONLY);
    int peak = open_in(memory_arg[1], version == 1 ? "memory.max_usage_in_bytes" : "memory.peak", O_RDONLY);
    int64_t kills = events >= 0 ? read_number(events, "oom_kill") : -1;
    if (kills <= shared->oom_seen) return;
    struct reply r;
    memset(&r, 0, sizeof r);
    r.kind = REPLY_EXITED;
    r.pid = shared->pid;
    r.status = SIGKILL; /* a wait status: killed by SIGKILL */
    r.flags = EXITED_OOM_KILL | EXITED_LAUNCHER_GONE;
    int64_t p = peak >= 0 ? read_number(peak, NULL) : -1;
    r.cgroup_peak = p < 0 ? -1 : p > shared->mem_base ? p - shared->mem_base : 0;
    ssize_t n;
    do n = send(sock, &r, sizeof r, MSG_NOSIGNAL); while (n < 0 && errno == EINTR);
}

int main(int argc, char **argv) {
    /* Nothing the runner inherited reaches a program (0 is the socket, 1 /dev/null, 2 the
     * runner's stderr). */
    close_from(3, 0);
    signal(SIGINT, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
    const char *sandbox_dir = NULL;
    char **memory_arg = NULL, **cpu_arg = NULL;
    const char *join_arg = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--sandbox") == 0 && i + 1 < argc) {
            sandbox_dir = argv[++i];
        } else if (strcmp(argv[i], "--join") == 0 && i + 1 < argc) {
            join_arg = argv[++i];
        } else if (strcmp(argv[i], "--memory") == 0 && i + 2 < argc) {
            memory_arg = argv + i + 1;
            i += 2;
        } else if (strcmp(argv[i], "--cpu") == 0 && i + 2 < argc) {
            cpu_arg = argv + i + 1;
            i += 2;
        }
    }
    int ready = sandbox_dir ? setup_sandbox(sandbox_dir) : -1; /* -1: not asked */
    if (ready > 0) root = NULL;
    if (ready == 0) {
        /* The first child is PID 1 of the new PID namespace: it is the launcher from here on.
         * This process only waits for it; if this one is killed, so is the namespace. */
        if (memory_arg) {
            void *m = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                           -1, 0);
            if (m != MAP_FAILED) shared = memset(m, 0, sizeof *shared);
        }
        pid_t pid1 = fork();
        if (pid1 < 0) {
            ready = errno;
            root = NULL;
        } else if (pid1 > 0) {
            int st;
            while (waitpid(pid1, &st, 0) < 0 && errno == EINTR) {
            }
            if (shared && shared->pid) report_oom_of_pid1(memory_arg);
            _exit(0);
        } else {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
        }
    }
    int32_t self_pid = getpid();
    if (ready == 0) {
        char self[32];
        ssize_t len = readlink("/proc/self", self, sizeof self - 1);
        if (len > 0) {
            self[len] = '\0';
            self_pid = atoi(self);
        }
        /* A session keyring of its own, empty: not the runner's (programs cannot reach
         * keyrings at all, the filter refuses the calls). */
        if (syscall(SYS_keyctl, 1 /* KEYCTL_JOIN_SESSION_KEYRING */, NULL) < 0) ready = errno;
        last_pid_fd = open("/proc/sys/kernel/ns_last_pid", O_WRONLY | O_CLOEXEC);
        if (last_pid_fd < 0 && !ready) ready = errno;
        /* No user namespace can be made in this one: a program cannot gain capabilities of its
         * own there, to mount a tmpfs the limits do not see, or anything else. */
        if (write_file("/proc/sys/user/max_user_namespaces", "0") != 0 && !ready) ready = errno;
    }
    int filtered = install_filter(ready == 0);
    if (ready == 0 && filtered != 0) ready = filtered;
    if (ready > 0) root = NULL;
    sigset_t chld;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, NULL);
    sigfd = signalfd(-1, &chld, SFD_NONBLOCK | SFD_CLOEXEC);
    if (sigfd < 0) return 125;
    struct reply hello;
    memset(&hello, 0, sizeof hello);
    hello.kind = REPLY_READY;
    hello.pid = self_pid;
    hello.status = ready;
    hello.flags = listener >= 0 ? READY_REFUSALS : 0;
    send_reply(&hello);
    /* The process that forks the programs joins their cgroups (the one waiting outside the
     * namespace stays out: it is never the OOM killer's choice), after the reply, so that the
     * runner goes on meanwhile: joining a cgroup waits for an RCU grace period, milliseconds,
     * and joins made back to back share one. Requests wait in the socket until then.
     * Best effort: RLIMIT_NPROC and the sampling of /proc stand in for what fails. */
    if (join_arg) join_cgroup(join_arg);
    if (memory_arg) setup_memory_cgroup(atoi(memory_arg[0]), memory_arg[1]);
    if (cpu_arg) setup_cpu_cgroup(atoi(cpu_arg[0]), cpu_arg[1]);
    measures = hello.flags | (mem_version ? READY_MEMORY_CGROUP : 0) |
               (cpu_version ? READY_CPU_CGROUP : 0);
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
        do n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC); while (n < 0 && errno == EINTR);
        if (n <= 0) return 0;

        int fds[3] = {-1, -1, -1};
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
            c->cmsg_len == CMSG_LEN(3 * sizeof(int)))
            memcpy(fds, CMSG_DATA(c), sizeof fds);
        struct request req;
        if ((size_t)n < sizeof req && fds[0] < 0) continue; /* a kill request that came late */
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
            reply_failed(0, EINVAL);
            continue;
        }
        run_case(&req, fds);
    }
}
