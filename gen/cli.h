/* cli.h: the symkern command line, callable more than once in a process.
 * Returns the exit status (0, or 1 after printing why). */
#ifndef SYMKERN_CLI_H
#define SYMKERN_CLI_H

int symkern_main(int argc, char **argv);

#endif
