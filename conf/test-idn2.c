#include <idn2.h>
int main(void) { return idn2_check_version(IDN2_VERSION) == NULL; }
