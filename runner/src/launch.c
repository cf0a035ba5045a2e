/* The launcher: a tiny process that forks the judged program, so that the program's peak
 * memory (ru_maxrss from wait4) is its own. A child forked straight from the runner would
 * inherit the runner's resident set as its high-water mark, since the kernel carries the old
 * address space's mark across exec.
 *
 * usage: launch REPORT_FD CPU_SOFT_S CPU_HARD_S AS_BYTES STACK_BYTES PROGRAM [ARG]...
 * STACK_BYTES is the program's RLIMIT_STACK (its judge's stack); 0 keeps the launcher's.
 * Writes to REPORT_FD "pid P\n" once the program is forked, then
 * "exit STATUS UTIME_US STIME_US MAXRSS_KIB\n" when it ended, or "exec ERRNO\n" when it could
 * not be started. stdin, stdout and stderr pass to the program untouched. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static void limit(int resource, unsigned long long soft, unsigned long long hard) {
    struct rlimit r;
    r.rlim_cur = soft;
    r.rlim_max = hard;
    setrlimit(resource, &r);
}

int main(int argc, char **argv) {
    if (argc < 7) {
        fprintf(stderr, "usage: launch REPORT_FD CPU_SOFT_S CPU_HARD_S AS_BYTES STACK_BYTES PROGRAM [ARG]...\n");
        return 125;
    }
    int report = atoi(argv[1]);
    unsigned long long cpu_soft = strtoull(argv[2], NULL, 10);
    unsigned long long cpu_hard = strtoull(argv[3], NULL, 10);
    unsigned long long as_bytes = strtoull(argv[4], NULL, 10);
    unsigned long long stack_bytes = strtoull(argv[5], NULL, 10);
    fcntl(report, F_SETFD, FD_CLOEXEC);
    int errpipe[2];
    if (pipe(errpipe) != 0) return 125;
    fcntl(errpipe[1], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) return 125;
    if (pid == 0) {
        close(errpipe[0]);
        limit(RLIMIT_CPU, cpu_soft, cpu_hard);
        limit(RLIMIT_AS, as_bytes, as_bytes);
        limit(RLIMIT_CORE, 0, 0);
        if (stack_bytes > 0) {
            /* Before exec: the kernel lays out the new program's stack from this limit. The
             * hard limit stays; a soft limit above it is lowered to it. */
            struct rlimit r;
            if (getrlimit(RLIMIT_STACK, &r) == 0) {
                r.rlim_cur = (r.rlim_max == RLIM_INFINITY || stack_bytes <= r.rlim_max)
                                 ? stack_bytes
                                 : r.rlim_max;
                setrlimit(RLIMIT_STACK, &r);
            }
        }
        execvp(argv[6], argv + 6);
        int e = errno;
        if (write(errpipe[1], &e, sizeof e) < 0) { /* nothing to do */ }
        _exit(127);
    }
    close(errpipe[1]);
    dprintf(report, "pid %d\n", (int)pid);
    int exec_errno = 0;
    ssize_t n;
    do n = read(errpipe[0], &exec_errno, sizeof exec_errno); while (n < 0 && errno == EINTR);
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &status, 0, &ru) < 0) {
        if (errno != EINTR) return 125;
    }
    if (n == (ssize_t)sizeof exec_errno) {
        dprintf(report, "exec %d\n", exec_errno);
        return 0;
    }
    long long ut = (long long)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec;
    long long st = (long long)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec;
    dprintf(report, "exit %d %lld %lld %ld\n", status, ut, st, ru.ru_maxrss);
    return 0;
}
