#include <jv.h>
int main(void) { jv v = jv_number(1); jv_free(v); return 0; }
