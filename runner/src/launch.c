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
 *  EOF on the socket ends the launcher. */
#define _GNU_SOURCE
#include <errno.h>
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
};

enum { REPLY_STARTED = 1, REPLY_EXITED = 2, REPLY_EXEC_FAILED = 3 };

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

int main(void) {
    signal(SIGINT, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
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
                  take_strings(buf, (size_t)n, &at, req.envc, envp_out) != 0;
        }
        if (bad) {
            for (int i = 0; i < 3; i++)
                if (fds[i] >= 0) close(fds[i]);
            struct reply r = {REPLY_EXEC_FAILED, 0, EINVAL, 0, 0, 0, 0};
            send_reply(&r);
            continue;
        }

        int errpipe[2];
        if (pipe2(errpipe, O_CLOEXEC) != 0) return 125;
        pid_t pid = fork();
        if (pid == 0) {
            setpgid(0, 0);
            signal(SIGINT, SIG_DFL);
            signal(SIGPIPE, SIG_DFL);
            /* The three descriptors are close-on-exec; dup2 gives clean copies at 0, 1, 2. */
            if (dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0 || dup2(fds[2], 2) < 0) _exit(127);
            set_limit(RLIMIT_CPU, req.cpu_soft_s, req.cpu_hard_s);
            set_limit(RLIMIT_AS, req.address_space_bytes, req.address_space_bytes);
            if (req.stack_bytes) set_limit(RLIMIT_STACK, req.stack_bytes, req.stack_bytes);
            struct rlimit core = {0, 0};
            setrlimit(RLIMIT_CORE, &core);
            execvpe(argv_out[0], argv_out, envp_out);
            int e = errno;
            if (write(errpipe[1], &e, sizeof e) < 0) { /* nothing to do */ }
            _exit(127);
        }
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
