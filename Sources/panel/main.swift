import Glibc

exit(Commands.main(Array(CommandLine.arguments.dropFirst())))
