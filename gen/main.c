/* main.c: the symkern program; everything is in cli.c. */
#include "cli.h"

int main(int argc, char **argv)
{
	return symkern_main(argc, argv);
}
