#include <tidy.h>
#include <tidybuffio.h>
int main(void) { TidyDoc d = tidyCreate(); tidyRelease(d); return 0; }
