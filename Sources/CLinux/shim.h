// Linux system interfaces Swift's Glibc module leaves out: epoll, timerfd, signalfd, eventfd
// and pidfd (glibc 2.36 wraps pidfd_open; `syscall` itself is variadic, which Swift cannot call).
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/pidfd.h>
#include <sys/wait.h>
#include <spawn.h>

