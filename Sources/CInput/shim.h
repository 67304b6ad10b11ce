#include <libinput.h>
#include <libudev.h>
// The input loops wait on libinput's descriptor and on SIGTERM/SIGINT through a signalfd
// (Glibc's Swift module leaves sys/signalfd.h out).
#include <sys/signalfd.h>
