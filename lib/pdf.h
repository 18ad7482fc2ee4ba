/*
 * pdf.h: PDF to text through poppler's pdftotext, run directly (no
 * shell) with a bounded time and a bounded output.
 */
#ifndef W_PDF_H
#define W_PDF_H

#include <stddef.h>

#include "err.h"

#define W_PDF_TIMEOUT_MS	10000
#define W_PDF_TEXT_MAX		(16u << 20)

/*
 * Text of the PDF in bytes (len bytes) as UTF-8 into *text (caller
 * frees) and *textlen; *truncated is set when the output cap cut it.
 * -1 with unsupported_content when pdftotext is not installed, or
 * extraction_failed when it fails or runs past W_PDF_TIMEOUT_MS.
 */
int	 w_pdf_text(const char *bytes, size_t len, char **text,
	    size_t *textlen, int *truncated, struct w_err *e);

#endif
