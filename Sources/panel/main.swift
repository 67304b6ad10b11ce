import Glibc

// Output goes to a pipe or the journal as often as to a terminal: flush lines promptly.
setvbuf(stdout, nil, _IOLBF, 0)
exit(Commands.main(Array(CommandLine.arguments.dropFirst())))
