/*
 * country.c: the ISO 3166-1 alpha-2 table (assigned codes, as published
 * by the ISO 3166 Maintenance Agency) and DuckDuckGo's documented region
 * values (duckduckgo.com/duckduckgo-help-pages/settings/params).
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "country.h"

/* Assigned alpha-2 codes, two letters each, sorted. */
static const char iso[] =
    "ADAEAFAGAIALAMAOAQARASATAUAWAXAZ"
    "BABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZ"
    "CACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZ"
    "DEDJDKDMDODZ"
    "ECEEEGEHERESET"
    "FIFJFKFMFOFR"
    "GAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGY"
    "HKHMHNHRHTHU"
    "IDIEILIMINIOIQIRISIT"
    "JEJMJOJP"
    "KEKGKHKIKMKNKPKRKWKYKZ"
    "LALBLCLILKLRLSLTLULVLY"
    "MAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZ"
    "NANCNENFNGNINLNONPNRNUNZ"
    "OM"
    "PAPEPFPGPHPKPLPMPNPRPSPTPWPY"
    "QA"
    "RERORSRURW"
    "SASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZ"
    "TCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZ"
    "UAUGUMUSUYUZ"
    "VAVCVEVGVIVNVU"
    "WFWS"
    "YEYT"
    "ZAZMZW";

/* country, primary kl, then alternates with their language */
static const struct region {
	const char	*cc;
	const char	*kl;		/* primary */
	const char	*alt[2];	/* "lang:kl" */
} regions[] = {
	{ "AR", "ar-es", { NULL, NULL } }, { "AU", "au-en", { NULL, NULL } },
	{ "AT", "at-de", { NULL, NULL } },
	{ "BE", "be-fr", { "nl:be-nl", NULL } },
	{ "BR", "br-pt", { NULL, NULL } }, { "BG", "bg-bg", { NULL, NULL } },
	{ "CA", "ca-en", { "fr:ca-fr", NULL } },
	{ "CL", "cl-es", { NULL, NULL } }, { "CN", "cn-zh", { NULL, NULL } },
	{ "CO", "co-es", { NULL, NULL } }, { "HR", "hr-hr", { NULL, NULL } },
	{ "CZ", "cz-cs", { NULL, NULL } }, { "DK", "dk-da", { NULL, NULL } },
	{ "EE", "ee-et", { NULL, NULL } }, { "FI", "fi-fi", { NULL, NULL } },
	{ "FR", "fr-fr", { NULL, NULL } }, { "DE", "de-de", { NULL, NULL } },
	{ "GR", "gr-el", { NULL, NULL } }, { "HK", "hk-tzh", { NULL, NULL } },
	{ "HU", "hu-hu", { NULL, NULL } }, { "IN", "in-en", { NULL, NULL } },
	{ "ID", "id-id", { "en:id-en", NULL } },
	{ "IE", "ie-en", { NULL, NULL } }, { "IL", "il-he", { NULL, NULL } },
	{ "IT", "it-it", { NULL, NULL } }, { "JP", "jp-jp", { NULL, NULL } },
	{ "KR", "kr-kr", { NULL, NULL } }, { "LV", "lv-lv", { NULL, NULL } },
	{ "LT", "lt-lt", { NULL, NULL } },
	{ "MY", "my-ms", { "en:my-en", NULL } },
	{ "MX", "mx-es", { NULL, NULL } }, { "NL", "nl-nl", { NULL, NULL } },
	{ "NZ", "nz-en", { NULL, NULL } }, { "NO", "no-no", { NULL, NULL } },
	{ "PE", "pe-es", { NULL, NULL } },
	{ "PH", "ph-en", { "tl:ph-tl", NULL } },
	{ "PL", "pl-pl", { NULL, NULL } }, { "PT", "pt-pt", { NULL, NULL } },
	{ "RO", "ro-ro", { NULL, NULL } }, { "RU", "ru-ru", { NULL, NULL } },
	{ "SG", "sg-en", { NULL, NULL } }, { "SK", "sk-sk", { NULL, NULL } },
	{ "SI", "sl-sl", { NULL, NULL } }, { "ZA", "za-en", { NULL, NULL } },
	{ "ES", "es-es", { NULL, NULL } }, { "SE", "se-sv", { NULL, NULL } },
	{ "CH", "ch-de", { "fr:ch-fr", "it:ch-it" } },
	{ "TW", "tw-tzh", { NULL, NULL } }, { "TH", "th-th", { NULL, NULL } },
	{ "TR", "tr-tr", { NULL, NULL } }, { "UA", "ua-uk", { NULL, NULL } },
	{ "GB", "uk-en", { NULL, NULL } },
	{ "US", "us-en", { "es:us-es", NULL } },
	{ "VE", "ve-es", { NULL, NULL } }, { "VN", "vn-vi", { NULL, NULL } },
	{ NULL, NULL, { NULL, NULL } }
};

size_t
w_country_count(void)
{
	return (sizeof(iso) - 1) / 2;
}

const char *
w_country_at(size_t i)
{
	static char one[3];

	if (i >= w_country_count())
		return NULL;
	one[0] = iso[2 * i];
	one[1] = iso[2 * i + 1];
	one[2] = '\0';
	return one;
}

int
w_country_norm(const char *in, char out[3])
{
	size_t i;
	char c[2];

	if (in == NULL || strlen(in) != 2 || !isalpha((unsigned char)in[0]) ||
	    !isalpha((unsigned char)in[1]))
		return -1;
	c[0] = (char)toupper((unsigned char)in[0]);
	c[1] = (char)toupper((unsigned char)in[1]);
	for (i = 0; i + 1 < sizeof(iso); i += 2)
		if (iso[i] == c[0] && iso[i + 1] == c[1]) {
			out[0] = c[0];
			out[1] = c[1];
			out[2] = '\0';
			return 0;
		}
	return -1;
}

const char *
w_country_ddg_region(const char *cc, const char *language)
{
	const struct region *r;
	int i;

	if (cc == NULL || *cc == '\0')
		return "wt-wt";
	for (r = regions; r->cc; r++) {
		if (strcmp(r->cc, cc) != 0)
			continue;
		for (i = 0; i < 2 && r->alt[i] && language; i++)
			if (strncasecmp(language, r->alt[i], 2) == 0 &&
			    (language[2] == '\0' || language[2] == '-' ||
			    language[2] == '_'))
				return r->alt[i] + 3;
		return r->kl;
	}
	return NULL;
}
