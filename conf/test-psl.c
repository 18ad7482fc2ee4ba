#include <libpsl.h>
int main(void) { return psl_builtin() == NULL; }
