#include <iconv.h>
int main(void) { iconv_t c = iconv_open("UTF-8", "ISO-8859-1"); return c == (iconv_t)-1; }
