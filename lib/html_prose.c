/*
 * html_prose.c: the boilerplate an article's own container carries,
 * dropped once the article is chosen (the HP_PROSE profile): boxes
 * titled "Related posts" or "About the author" and their German,
 * French, Spanish, Italian, Dutch and Portuguese counterparts, "Also read:" teasers, tables of contents, author bio
 * boxes, newsletter sign-ups, image credits, post navigation, tag lists.
 * Each rule takes a small part of the article only, so a page whose
 * content is one of these things keeps it.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "html_int.h"

#define TITLE_MAX	64	/* bytes of a box title */
#define BOX_SHARE	0.4	/* of the article's text, at most */
#define BOX_MAX		4000	/* characters of a dropped box */
#define SMALL_MAX	200	/* characters of a credit or teaser line */
#define BIO_MAX		1000	/* characters of an author's bio */
#define REST_MIN	80	/* characters a strong title leaves */
#define SHORT_POST	2000	/* characters of a post a strong title may
				   take most of */
#define CARD_MAX	700	/* characters of a teaser card */
#define CARD_TITLE	15	/* characters of its title link, at least */
#define LINK_TITLE	200	/* and at most */
#define TEASER_SEEN	500	/* characters of article before a run */
#define TAIL_ITEMS	2	/* links of a closing list, at least */
#define TAIL_REST	200	/* characters after a closing box, at most */

/*
 * Titles of boxes that are not the article (the whole title, in
 * lowercase). The first hold lists of other stories; from "about the
 * author" on, they head a section of any shape.
 */
static const char *const titles[] = {
	"related", "related posts", "related articles", "related stories",
	"related content", "related topics", "related reading",
	"related links", "related news", "related guides", "related videos",
	"you may also like", "you might also like", "you may like",
	"you may be interested in", "you might be interested in",
	"you may also be interested in", "you might also be interested in",
	"you might also enjoy", "you may also enjoy", "also read",
	"read more", "read next", "read also", "see also", "more to read",
	"more stories", "more articles", "more news", "more posts",
	"recommended", "recommended for you", "recommended articles",
	"recommended reading", "recommended stories", "recent posts",
	"recent articles", "recent stories", "latest posts",
	"latest articles", "latest stories", "latest news", "popular posts",
	"popular articles", "popular stories", "most popular", "most read",
	"trending", "trending now", "don't miss", "editor's picks",
	"top stories", "tags", "table of contents", "contents",
	"you might like", "you may like this", "what others are reading",
	"also in the news", "other news", "in other news", "more headlines",
	"weitere nachrichten", "weitere meldungen",
	"related post", "related recipes", "similar recipes",
	"more recipes", "you may also like these", "recent comments",
	"newsletters", "follow us", "share post", "share this page",
	"stay updated", "join our newsletter", "join our mailing list",
	"\xc3\xa4hnliche rezepte", "weitere rezepte", "passende rezepte",
	"beliebte rezepte", "mehr aus dem ressort", "mehr aus der rubrik",
	"auch spannend", "das k\xc3\xb6nnte sie interessieren",
	"weitere themen", "unsere empfehlung", "folge uns",
	"folgen sie uns", "artikel teilen", "jetzt teilen",
	"in this article", "on this page", "jump to",
	"\xc3\xa4hnliche artikel", "\xc3\xa4hnliche beitr\xc3\xa4ge",
	"verwandte artikel", "verwandte beitr\xc3\xa4ge",
	"das k\xc3\xb6nnte sie auch interessieren",
	"das k\xc3\xb6nnte dich auch interessieren",
	"das k\xc3\xb6nnte ihnen auch gefallen",
	"das k\xc3\xb6nnte dir auch gefallen", "auch interessant",
	"mehr zum thema", "weitere artikel", "weitere beitr\xc3\xa4ge",
	"lesen sie auch", "lies auch", "auch lesenswert", "empfehlungen",
	"unsere empfehlungen", "neueste beitr\xc3\xa4ge", "neueste artikel",
	"neuste beitr\xc3\xa4ge", "aktuelle beitr\xc3\xa4ge",
	"beliebte beitr\xc3\xa4ge", "beliebte artikel", "meistgelesen",
	"meistgelesene artikel", "schlagworte", "schlagw\xc3\xb6rter",
	"inhaltsverzeichnis", "inhalt",
	"articles similaires", "articles connexes",
	"\xc3\xa0 lire aussi", "lire aussi", "sur le m\xc3\xaame sujet",
	"dans la m\xc3\xaame rubrique", "nos derniers articles",
	"derniers articles", "art\xc3\xad" "culos relacionados",
	"noticias relacionadas", "te puede interesar",
	"tambi\xc3\xa9n te puede interesar", "lee tambi\xc3\xa9n",
	"te recomendamos", "articoli correlati",
	"potrebbe interessarti", "ti potrebbe interessare",
	"leggi anche", "articoli recenti", "gerelateerde artikelen",
	"lees ook", "meer nieuws", "misschien ook interessant",
	"recente berichten", "artigos relacionados",
	"leia tamb\xc3\xa9m", "veja tamb\xc3\xa9m",
	"not\xc3\xad" "cias relacionadas",
	"voc\xc3\xaa tamb\xc3\xa9m pode gostar", "sommaire",
	"table des mati\xc3\xa8res", "tabla de contenidos",
	"\xc3\xadndice de contenidos", "indice dei contenuti",
	"sommario", "inhoudsopgave", "\xc3\xadndice",
	"\xc3\xa9tiquettes", "etiquetas", "tag", "trefwoorden",
#define SECTION_TITLES	"about the author"
	SECTION_TITLES, "about the authors", "about the reviewer",
	"about author", "about the writer", "meet the author",
	"share this", "share this article", "share this post",
	"share this story", "share", "subscribe", "newsletter",
	"sign up for our newsletter", "subscribe to our newsletter",
	"leave a reply", "leave a comment", "post a comment", "comments",
	"post navigation", "posts navigation", "comment navigation",
	"beitragsnavigation", "beitrags-navigation", "artikelnavigation",
	"kommentarnavigation", "navigation des articles",
	"navegaci\xc3\xb3n de entradas", "navigazione articoli",
	"berichtnavigatie",
	"\xc3\xbc" "ber den autor", "\xc3\xbc" "ber die autorin",
	"\xc3\xbc" "ber die autoren", "zum autor", "zur autorin", "teilen",
	"diesen artikel teilen", "beitrag teilen", "kommentare",
	"schreibe einen kommentar", "hinterlasse einen kommentar",
	"kommentar schreiben", "newsletter abonnieren", "about me",
	"\xc3\xbc" "ber mich", "was this page helpful",
	"was this article helpful", "was this helpful",
	"war dieser artikel hilfreich", "war diese seite hilfreich",
	"did you find this useful", "did you find this helpful",
	"did you find this article helpful", "was this useful",
	"was this information helpful", "was this post helpful",
	"help us improve", "help us improve this page",
	"help us improve your reading experience", "rate this article",
	"how helpful was this article", "war dieser beitrag hilfreich",
	"war das hilfreich", "hat ihnen dieser artikel gefallen",
	"hat dir dieser artikel gefallen", "hat ihnen der artikel gefallen",
	"hat dir der artikel gefallen", "wie hat ihnen der artikel gefallen",
	"wie hat dir der artikel gefallen", "war dieser text hilfreich",
	"cet article vous a-t-il \xc3\xa9t\xc3\xa9 utile",
	"\xc2\xbfte result\xc3\xb3 \xc3\xbatil este art\xc3\xad" "culo",
	"tried this recipe", "did you make this recipe",
	"did you make this", "made this recipe", "did you try this recipe",
	"rezept ausprobiert", "hast du das rezept ausprobiert",
	"hast du dieses rezept ausprobiert", "rezept nachgemacht",
	"vous avez test\xc3\xa9 cette recette",
	"\xc2\xbfhas probado esta receta",
	"\xc3\xa0 propos de l'auteur",
	"\xc3\xa0 propos de l\xe2\x80\x99" "auteur", "sobre el autor",
	"sobre la autora", "sull'autore", "sull\xe2\x80\x99" "autore",
	"l'autore", "over de auteur", "over de schrijver",
	"sobre o autor", "sobre a autora", "partager",
	"partager cet article", "partagez cet article", "compartir",
	"comparte este art\xc3\xad" "culo", "condividi",
	"condividi questo articolo", "delen", "deel dit artikel",
	"compartilhe", "compartilhar", "partilhar",
	"abonnez-vous \xc3\xa0 notre newsletter",
	"inscrivez-vous \xc3\xa0 notre newsletter",
	"suscr\xc3\xad" "bete a nuestro bolet\xc3\xadn",
	"iscriviti alla newsletter", "iscriviti alla nostra newsletter",
	"nieuwsbrief", "schrijf je in voor onze nieuwsbrief",
	"assine nossa newsletter", "commenti", "lascia un commento", "reacties", "laat een reactie achter",
	"plaats een reactie", "deixe um coment\xc3\xa1rio",
	"deixe uma resposta", "coment\xc3\xa1rios", "suivez-nous",
	"s\xc3\xadguenos", "seguici", "volg ons", "siga-nos", NULL
};

/*
 * Titles of boxes that are never the article, however short the article
 * beside them (an author box under a two-line post): in a short post
 * (SHORT_POST characters at most) whose text comes first (REST_MIN
 * characters before the title) they may hold all but REST_MIN
 * characters of it.
 */
static const char *const strong_titles[] = {
	"about the author", "about the authors", "\xc3\xbc" "ber den autor",
	"\xc3\xbc" "ber die autorin", "\xc3\xbc" "ber die autoren",
	"zum autor", "zur autorin", "leave a reply", "leave a comment",
	"\xc3\xa0 propos de l'auteur", "\xc3\xa0 propos de l\xe2\x80\x99" "auteur",
	"sobre el autor", "sobre la autora", "sull'autore",
	"sull\xe2\x80\x99" "autore", "over de auteur", "sobre o autor",
	"sobre a autora",
	"post a comment", "comments", "kommentare",
	"schreibe einen kommentar", "hinterlasse einen kommentar",
	"kommentar schreiben", "about me", "about the blogger",
	"meet the blogger", "\xc3\xbc" "ber mich", "zur person",
	"add a comment", "write a comment", "antwort hinterlassen", "hinterlasse eine antwort",
	"kommentar hinterlassen", "einen kommentar hinterlassen",
	"kommentieren", "deine meinung", "ihre meinung",
	"diskutieren sie mit", "join the discussion", "join the conversation",
	"what do you think", "leave your comment", "reader comments",
	"kommentar verfassen", "mitdiskutieren", "laisser un commentaire",
	"laissez un commentaire", "commentaires", "deja un comentario",
	"deja una respuesta", "dejar un comentario", "comentarios", "commenti",
	"lascia un commento", "reacties", "laat een reactie achter",
	"plaats een reactie", "deixe um coment\xc3\xa1rio",
	"deixe uma resposta", "coment\xc3\xa1rios", NULL
};

/* Title beginnings of the same boxes ("More from the Times"), and of a
 * paywall's box ("Subscribe to continue reading"). */
static const char *const title_starts[] = {
	"related:", "weitere artikel", "more articles", "more stories",
	"other articles", "other posts", "related articles",
	"related posts", "related stories", "further reading",
	"you may also ", "you might also ", "explore more",
	"you may be interested in", "you might be interested in",
	"subscribe to continue", "subscribe to read", "subscribe to unlock",
	"continue reading with", "keep reading with", "already a subscriber",
	"already subscribed", "this article is exclusive",
	"this article is for subscribers", "this article is only available",
	"lesen sie jetzt weiter", "jetzt weiterlesen", "weiterlesen mit",
	"sie sind bereits abonnent", "bereits abonnent",
	"dieser artikel ist nur", "dieser inhalt ist nur", NULL
};

/* Beginnings of a one-line teaser for another article. */
static const char *const teasers[] = {
	"also read", "read also", "read more", "read next", "see also",
	"related", "recommended", "more:", "lesen sie auch",
	"lesen sie mehr", "lies auch", "auch interessant", "mehr zum thema",
	"mehr dazu", "siehe auch", "weiterlesen",
	"lire aussi", "\xc3\xa0 lire aussi",
	"\xc3\xa0 lire \xc3\xa9galement", "lisez aussi", "voir aussi",
	"lire la suite", "lee tambi\xc3\xa9n", "leer tambi\xc3\xa9n",
	"lea tambi\xc3\xa9n", "ver tambi\xc3\xa9n", "leggi anche",
	"vedi anche", "leggi di pi\xc3\xb9", "lees ook", "lees meer",
	"zie ook", "leia tamb\xc3\xa9m", "leia mais",
	"veja tamb\xc3\xa9m", "saiba mais:", NULL
};

/*
 * Whole texts of lines that are page furniture inside an article: ad
 * labels, "back to top", pin and print buttons, caption toggles.
 */
static const char *const furniture[] = {
	"advertisement", "advertisements", "advertising", "ad", "ads",
	"sponsored", "sponsored content", "paid content", "anzeige",
	"werbung", "continue reading below", "article continues below",
	"story continues below", "content continues below",
	"advertisement - continue reading below",
	"advertisement - scroll to continue", "scroll to continue",
	"scroll to continue with content", "back to top", "to top",
	"go to top", "nach oben", "zur\xc3\xbc" "ck nach oben",
	"zum seitenanfang", "pin for later", "pin this for later",
	"pin it for later", "pin it", "save for later", "show caption",
	"pin this recipe for later", "pin this recipe", "pin this post",
	"pin this post for later", "save this recipe for later",
	"pinne dir das rezept", "pinne dir das rezept auf pinterest",
	"merk dir das rezept", "merk dir das rezept auf pinterest",
	"hide caption", "toggle caption", "open in a new tab",
	"opens in a new tab", "opens in a new window", "opens in new window",
	"open in new tab", "print", "print this page", "print article",
	"print recipe", "jump to recipe", "rate this recipe", "pin recipe",
	"save recipe", "rezept drucken", "zum rezept",
	"skip to recipe", "go to recipe", "jump to the recipe",
	"share recipe", "pin", "pin this", "pin this recipe",
	"zum rezept springen", "direkt zum rezept", "rezept merken",
	"rezept speichern", "rezept pinnen", "pinnen", "rezept bewerten",
	"rezept teilen", "merken",
	"drucken", "no posts", "no comments", "no comments yet",
	"be the first to comment", "noch keine kommentare",
	"keine kommentare", "loading", "skip to content", "edit this page",
	"edit page", "edit on github", "edit this page on github",
	"improve this page", "suggest an edit", "suggest changes",
	"view source", "view page source", "seite bearbeiten",
	"skip to main content", "add as a preferred source on google",
	"add us as a preferred source on google",
	"make us a preferred source on google",
	"als bevorzugte quelle bei google hinzuf\xc3\xbc" "gen",
	"story continues below advertisement",
	"article continues after advertisement",
	"continue reading the main story", "skip advertisement",
	"weiterlesen nach der anzeige", "lesen sie nach der anzeige weiter",
	"fortsetzung nach der anzeige", "la suite apr\xc3\xa8s la publicit\xc3\xa9",
	"la suite apr\xc3\xa8s cette publicit\xc3\xa9",
	"lees verder na de advertentie", "continua ap\xc3\xb3s a publicidade",
	"continua dopo la pubblicit\xc3\xa0",
	"publicit\xc3\xa9", "publicidad", "pubblicit\xc3\xa0",
	"advertentie", "publicidade", "annonce", "anuncio", "reclame",
	"retour en haut", "volver arriba", "torna su",
	"terug naar boven", "voltar ao topo", "imprimer", "imprimir",
	"stampa", "afdrukken", "jump to comments", "skip to comments",
	"go to comments", "view comments", "show comments",
	"zu den kommentaren", "zum kommentarbereich",
	"kommentare anzeigen", "listen to this article",
	"listen to article", "artikel anh\xc3\xb6ren", "vorlesen",
	"gift this article", "artikel verschenken", "back to home",
	"back to homepage", "back to blog", "back to the blog",
	"back to all posts", "back to all articles", "back to news",
	"back to articles", "zur startseite", "zur\xc3\xbc" "ck zur startseite",
	"zur\xc3\xbc" "ck zur \xc3\xbc" "bersicht", "zur\xc3\xbc" "ck zum blog",
	"zur\xc3\xbc" "ck zu allen beitr\xc3\xa4" "gen", "retour \xc3\xa0 l'accueil",
	"volver al blog", "torna al blog", "terug naar blog", NULL
};

/*
 * Ad labels that may lead a longer label ("Advertisement - Page
 * continues below", "Anzeige (nur f\xc3\xbcr G\xc3\xa4ste)"): the word, then
 * a dash, a stop, a colon, a bar or a bracket, AD_LINE characters in all,
 * standing alone (not an item or a heading: "Advertising - paid media").
 */
static const char *const ad_labels[] = {
	"advertisement", "anzeige", "publicit\xc3\xa9", "publicidad",
	"pubblicit\xc3\xa0", "advertentie", "publicidade", NULL
};
#define AD_LINE		60

/*
 * Whole texts of a call to action standing alone (a button, a link on
 * its own line): never within a sentence.
 */
static const char *const actions[] = {
	"learn more", "read more", "find out more", "discover more",
	"see more", "show more", "view more", "contact us", "get in touch",
	"book now", "book a demo", "request a demo", "get a demo",
	"schedule a demo", "get a quote", "get a free quote",
	"request a quote", "get started", "start now", "sign up",
	"sign up now", "sign me up", "subscribe now", "join now",
	"shop now", "buy now", "order now", "see deal", "view deal",
	"get deal", "check price", "download now", "apply now",
	"mehr erfahren", "mehr lesen", "mehr anzeigen", "jetzt lesen",
	"jetzt anmelden", "jetzt abonnieren", "jetzt registrieren",
	"jetzt kaufen", "jetzt bestellen", "zum angebot", "kontakt",
	"kontaktieren sie uns", "angebot anfordern", "termin vereinbaren",
	NULL
};

/*
 * Beginnings of a byline or a date line ("Written by Ann Lee",
 * "Last updated on May 2, 2025"), at most BYLINE_MAX characters.
 */
static const char *const bylines[] = {
	"written by ", "reviewed by ", "edited by ", "fact checked by ",
	"fact-checked by ", "medically reviewed by ", "updated by ",
	"published on ", "published:", "first published", "last updated",
	"posted by ",
	"updated on ", "updated:",
	"geschrieben von ", "verfasst von ", "ver\xc3\xb6" "ffentlicht am ",
	"aktualisiert am ", "zuletzt aktualisiert", "reading time",
	"lesezeit", "stand:", "aktualisiert:", "ver\xc3\xb6" "ffentlicht:",
	"erstellt:", "erstellt am ", "zuletzt ge\xc3\xa4" "ndert",
	"\xc3\xa9" "crit par ", "r\xc3\xa9" "dig\xc3\xa9 par ",
	"publi\xc3\xa9 le ", "mis \xc3\xa0 jour le ",
	"temps de lecture", "escrito por ", "publicado el ",
	"actualizado el ", "tiempo de lectura", "scritto da ",
	"pubblicato il ", "aggiornato il ", "tempo di lettura",
	"geschreven door ", "gepubliceerd op ", "bijgewerkt op ",
	"leestijd", "publicado em ", "atualizado em ",
	"tempo de leitura", NULL
};
#define BYLINE_MAX	80
#define LOADING_MAX	40	/* characters of a loading placeholder */
#define RATING_MAX	120	/* characters of a rating widget */

/* Beginnings of a post's category or tag line ("Tags: ..."). */
static const char *const taxonomy[] = {
	"tags:", "tagged:", "tagged with", "filed under", "posted in ",
	"topics:", "related topics:", "themen:", "verwandte themen:",
	"article categories:", "post categories:", "article tags:",
	"post tags:",
	"stichw\xc3\xb6rter:", "stichworte:",
	"category:", "categories:", "kategorie:", "kategorien:",
	"schlagw\xc3\xb6rter:", "schlagworte:", "verschlagwortet mit",
	"ver\xc3\xb6" "ffentlicht in ", "abgelegt unter", "\xc3\xa9tiquettes :",
	"cat\xc3\xa9gories :", "etiquetas:", "categor\xc3\xad" "as:",
	"\xc3\xa9tiquettes:", "cat\xc3\xa9gories:",
	"cat\xc3\xa9gorie :", "cat\xc3\xa9gorie:", "mots-cl\xc3\xa9s :",
	"mots-cl\xc3\xa9s:", "categor\xc3\xad" "a:", "tag:",
	"categorie:", "categoria:", "trefwoorden:",
	"categorie\xc3\xabn:", "marcadores:", "categorias:",
	"publi\xc3\xa9 dans ", "publicado en ", "pubblicato in ",
	"geplaatst in ", NULL
};

/* Words that follow a count in a comment counter ("12 Comments") or a
 * reading time ("8 min read"). */
static const char *const counted[] = {
	"comment", "comments", "response", "responses", "reply", "replies",
	"kommentar", "kommentare", "antwort", "antworten", "min read",
	"min. read", "minute read", "minutes read", "mins read",
	"min lesezeit", "min. lesezeit", "minuten lesezeit",
	"commentaire", "commentaires", "comentario", "comentarios",
	"commento", "commenti", "reactie", "reacties",
	"coment\xc3\xa1rio", "coment\xc3\xa1rios", "min de lecture",
	"min de lectura", "min di lettura", "min leestijd",
	"min de leitura", NULL
};

/*
 * What follows the number of a comment section's title ("4 thoughts
 * on \"Title\"", "12 Kommentare zu \"Titel\"").
 */
static const char *const counted_on[] = {
	"thoughts on ", "responses to ", "replies to ", "comments on ",
	"comments to ", "comment on ", "response to ", "reply to ",
	"thought on ", "gedanken zu ", "kommentare zu ", "kommentar zu ",
	"antworten zu ", "antwort zu ", "reaktionen auf ",
	"reaktion auf ", NULL
};

/*
 * A news agency's short name, and the desks (lower case) that sign a
 * report with it ("dpa/afp/lhe", "AFP/AP/red").
 */
static const char *const agencies[] = {
	"dpa", "afp", "ap", "reuters", "rtr", "kna", "epd", "sid", "apa",
	"ddp", "dts", "ots", "afx", "dpa-afx", "dpa-infocom", "tmn", "sda",
	"ansa", "efe", "upi", "aap", "ani", "pti", "ians", NULL
};

/* Labels that may lead an agency line ("Quelle: dpa", "Source: AP"). */
static const char *const agency_labels[] = {
	"quelle: ", "quellen: ", "source: ", "sources: ", "mit material von ",
	"mit material der ", "mit material aus ", "avec ", "fuente: ",
	"fonte: ", "bron: ", NULL
};
#define AGENCY_MAX	40	/* characters of an agency line */

/* Beginnings of an image credit. */
static const char *const credits[] = {
	"credit:", "credits:", "photo credit", "photo credits",
	"image credit", "image credits", "picture credit", "photo:",
	"photos:", "image:", "images:", "picture:", "photograph:",
	"illustration:", "foto:", "fotos:", "bild:", "bilder:",
	"bildquelle", "fotoquelle", "bildnachweis", "fotonachweis",
	"foto/grafik", "\xc2\xa9", "(c) ", "copyright", "image by ",
	"photo by ", "images by ", "photos by ", "image courtesy",
	"photo courtesy", "courtesy of ", "source: getty", "(credit:",
	"(image credit", "(photo credit", "(photo:", "(image:", "(foto:",
	"(bild:", "(bildquelle", "(fotos:", "image source", "photo source",
	"picture:", "pictures:", "photography:", "photography by ",
	"illustration by ", "(image source", "(photo source", NULL
};

/*
 * Words of a picture's credit within its caption ("Courtesy of the
 * artist", "Photo: Ann Lee / Getty Images", "\xc2\xa9 Reuters"): a
 * caption holding one is the picture's, not the article's text.
 */
static const char *const caption_credits[] = {
	"courtesy", "photo:", "photos:", "photo by", "photos by",
	"photo credit", "photographer:", "photograph by", "picture:", "getty", "\xc2\xa9", "credit:",
	"credits:", "image:", "image by", "image via", "images via",
	"image source", "image credit", "source:", "shutterstock",
	"unsplash", "pexels", "istock", "alamy", "reuters", "afp",
	"foto:", "fotos:", "bild:", "bildquelle", "quelle:", "(c) ",
	"illustration:", "illustration by", NULL
};
#define CAPTION_MAX	600	/* characters of a picture's caption */

/*
 * Endings of a photographer's or studio's name standing as a credit
 * under a picture ("Ann Lee Photography"), in the languages of the
 * article vocabulary.
 */
static const char *const studio_ends[] = {
	"photography", "photographie", "fotografie", "fotograf\xc3\xad" "a",
	"fotografia", "photo", "photos", "foto", "fotos", "images",
	"pictures", "stock", NULL
};
#define CREDIT_LINE	80	/* characters of a credit line */

/*
 * Words of an affiliate disclosure ("This post contains affiliate
 * links", "we may earn a commission"), and the words of the writer
 * speaking of it ("we", "our", "I", "my"), which a paragraph about
 * affiliate marketing lacks.
 */
static const char *const disclosures[] = {
	"affiliate link", "affiliate ones", "qualifying purchases",
	"earn a commission", "earn a small commission", "earn commission",
	"earn us a", "receive a commission", "small commission",
	"amount of commission", "through links on our", "through our links",
	"through links in this", "through links on this",
	"purchases made through", "chosen independently",
	"independently test", "independently review",
	"independently select", "affiliate-link", "affiliatelink",
	"partnerlink", "provisionslink", "enlaces de afiliado",
	"liens affili", NULL
};
static const char *const readers[] = {
	"we", "our", "us", "i", "my", "wir", "ich", "uns", "unsere", "nous",
	"nos", "notre", "nosotros", "nuestro", "nuestros", NULL
};
#define DISCLOSURE_MAX	400	/* characters of a disclosure */

/*
 * Beginnings of a line asking the reader to subscribe or sign in
 * ("Subscribe to get the latest posts", "Discover more from ..."),
 * and endings of one ("... delivered to your inbox").
 */
static const char *const signups[] = {
	"subscribe to our", "subscribe to get", "subscribe to receive",
	"subscribe for ", "subscribe now", "subscribe today",
	"sign up for our", "sign up to our", "sign up to receive",
	"sign up to get", "sign up for the newsletter", "join our newsletter",
	"join our mailing", "join our community", "join medium",
	"discover more from", "get the latest posts", "get new posts",
	"to read the rest of", "to continue reading", "already have an account",
	"already a member", "don't miss ", "never miss ",
	"abonniere ", "abonnieren sie", "melde dich jetzt",
	"melden sie sich jetzt", "melde dich f\xc3\xbcr",
	"melden sie sich f\xc3\xbcr", "melde dich zu", "verpasse keine",
	"verpassen sie keine", "jetzt zum newsletter", "abonnez-vous",
	"subscribe here", "sign up here", "follow us on ", "follow me on ",
	"folge uns auf ", "folgen sie uns auf ", "folge mir auf ",
	"suivez-nous sur ", "s\xc3\xadguenos en ", "stay connected",
	"stay in touch", "bleib in kontakt", "bleiben sie in kontakt",
	"if you liked this", "if you enjoyed this", "if you like it, please",
	"please share this", "help me spread the word",
	"help us spread the word", "join the facebook group",
	"join our facebook group", "wenn dir der artikel gefallen",
	"wenn ihnen der artikel gefallen", "wenn dir dieser beitrag gefallen",
	"wenn ihnen dieser beitrag gefallen",
	"inscrivez-vous", "suscr\xc3\xad" "bete", "suscribete",
	"support our journalism", "support independent journalism",
	"support our work", "this story is funded by",
	"this article is funded by", "since you made it to the bottom",
	"become a member", "become a supporter", "donate now",
	"make a donation", "jetzt unterst\xc3\xbctzen",
	"unterst\xc3\xbctzen sie unseren journalismus",
	"unterst\xc3\xbctze unseren journalismus",
	"suscr\xc3\xad" "base",
	"abonnez-vous \xc3\xa0 ", "inscrivez-vous \xc3\xa0 ",
	"suscr\xc3\xad" "bete a ", "suscr\xc3\xad" "base a ",
	"iscriviti alla ", "iscriviti a ", "abbonati a ",
	"schrijf je in ", "abonneer je ", "meld je aan voor ",
	"inscreva-se ", "assine a nossa ", "assine nossa ",
	"seguici su ", "volg ons op ", "siga-nos no ", "siga-nos nas ", NULL
};
static const char *const signup_ends[] = {
	"in your inbox", "to your inbox", "to your email", "in ihr postfach",
	"in dein postfach", "sent to your email", NULL
};
#define SIGNUP_MAX	160	/* characters of such a line */

/* Class words of boxes that are not the article. */
static const char *const box_words[] = {
	"newsletter", "subscribe", "subscription", "signup", "sign-up",
	"optin", "opt-in", "author-bio", "authorbio", "author-box",
	"authorbox", "about-author", "about-the-author", "author-info",
	"authorinfo", "author-card", "author-description", "author-details",
	"author-profile", "author_bio", "author_box", "author_info",
	"post-author", "entry-author",
	"author-wrap", "author__", "bio-box", "biobox", "post-navigation",
	"post-nav", "nav-links", "nav-previous", "nav-next", "prev-next",
	"table-of-contents", "tableofcontents", "post-tags", "entry-tags",
	"tag-list", "taglist", "tags-links", "tagcloud", "paywall",
	"regwall", NULL
};

/* Class words of pop-ups (some name in-page boxes the same way). */
static const char *const popup_words[] = {
	"modal", "popup", "pop-up", "lightbox", NULL
};

/* Titles of a comment section (the whole title, lowercase). */
static const char *const comment_titles[] = {
	"leave a reply", "leave a comment", "post a comment", "comments",
	"add a comment", "write a comment", "leave your comment",
	"reader comments", "join the discussion", "join the conversation",
	"kommentare", "schreibe einen kommentar",
	"hinterlasse einen kommentar", "kommentar schreiben",
	"antwort hinterlassen", "hinterlasse eine antwort",
	"kommentar hinterlassen", "einen kommentar hinterlassen",
	"kommentieren", "kommentar verfassen", "diskutieren sie mit",
	"mitdiskutieren", "laisser un commentaire", "laissez un commentaire",
	"commentaires", "deja un comentario", "deja una respuesta",
	"dejar un comentario", "comentarios", "commenti",
	"lascia un commento", "reacties", "laat een reactie achter",
	"plaats een reactie", "deixe um coment\xc3\xa1rio",
	"deixe uma resposta", "coment\xc3\xa1rios", "have your say",
	"add your comment", "post your comment", "add a reply",
	"write a reply", "post a reply", "leave your reply",
	"deine meinung ist gefragt", "ihre meinung ist gefragt",
	"was meinen sie", "was meinst du", "kommentar abgeben",
	"jetzt kommentieren", NULL
};

/* Class words of what is never the main content, whatever its size:
 * comment forms, a form's messages shown once it is sent (Webflow's
 * w-form-done, w-form-fail: on WCXB dev 3 pages up, none down,
 * collection fold A +0.0004). */
static const char *const never_words[] = {
	"comment-respond", "comment-form", "commentform", "comments-form",
	"reply-form", "replyform", "w-form-done", "w-form-fail", NULL
};

/*
 * The same for the panes beside a forum post, whatever the page type: the
 * poster's title, banner and statistics (joined, messages, reactions),
 * the post profile beside the post (rank, statistics, custom fields)
 * and signature, while short (PANE_MAX characters): never a post.
 */
static const char *const pane_words[] = {
	"userextras", "user-extras", "userstats", "user-stats",
	"author_statistics", "author-statistics", "usertitle", "user-title",
	"userbanner", "user-banner", "signature", "postprofile",
	"post-profile", NULL
};
#define PANE_MAX	300

/* The labels of a poster's statistics, each line "Label: value". */
static const char *const stat_labels[] = {
	"posts", "joined", "messages", "reaction score", "reactions",
	"points", "reputation", "member since", "karma", "likes received",
	"trophy points", "registered", "threads", "join date", NULL
};
#define STAT_MAX	60

/*
 * Whether i is one line of a poster's statistics ("Posts: 1,204",
 * "Joined: 4 Jul 2012"): a short item or block whose text starts with
 * one of stat_labels and a colon.
 */
static int
stat_line(const struct hdoc *d, int i)
{
	char buf[32];
	size_t n = 0, k, len, m;
	int j, sep, t = d->n[i].tag;

	if (t != TidyTag_DD && t != TidyTag_LI && t != TidyTag_DIV &&
	    t != TidyTag_SPAN && t != TidyTag_P)
		return 0;
	len = w_html_text_len(d, i);
	if (len < 7 || len > STAT_MAX)
		return 0;
	/* word to word (w_html_word_next), a space where white space
	 * parts two: nested boxes each ask */
	for (j = w_html_word_first(d, i); j >= 0 && n + 1 < sizeof(buf);
	    j = w_html_word_next(d, j, i, &sep)) {
		if (n > 0 && sep && buf[n - 1] != ' ')
			buf[n++] = ' ';
		for (k = 0; k < d->n[j].len && n + 1 < sizeof(buf); k++) {
			char c = d->pool[d->n[j].off + k];

			if ((c == ' ' || c == '\n' || c == '\t') &&
			    (n == 0 || buf[n - 1] == ' '))
				continue;
			buf[n++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 :
			    c == '\n' || c == '\t' ? ' ' : c);
		}
	}
	buf[n] = '\0';
	for (k = 0; stat_labels[k] != NULL; k++) {
		if (buf[0] != stat_labels[k][0])
			continue;
		m = strlen(stat_labels[k]);
		if (strncmp(buf, stat_labels[k], m) == 0 &&
		    (buf[m] == ':' || (buf[m] == ' ' && buf[m + 1] == ':')))
			return 1;
	}
	return 0;
}

/*
 * Whether i's text is one "Label: value" line of at most STAT_MAX
 * characters, the label one to LABEL_MAX letters and spaces.
 */
#define LABEL_MAX	24
#define LINE_NODES	64	/* nodes of a line's subtree looked at */
static int
label_line(const struct hdoc *d, int i)
{
	struct w_buf b;
	size_t len = w_html_text_len(d, i), k;
	int j, n = 0, r = 0;

	if (len < 4 || len > STAT_MAX || d->n[i].tag == H_TEXT)
		return 0;
	w_html_buf_init(&b, 2 * STAT_MAX);
	/*
	 * A line is a few nodes: stat_box() asks at every level of a
	 * nesting, so the copy stops after LINE_NODES of them (a short
	 * text under thousands of breaks is no line).
	 */
	for (j = d->n[i].first; j >= 0 && n < LINE_NODES;
	    j = w_html_next_pre(d, j, i, 0), n++)
		if (d->n[j].tag == H_TEXT)
			w_buf_add(&b, d->pool + d->n[j].off, d->n[j].len);
	if (j >= 0) {
		w_buf_free(&b);
		return 0;
	}
	for (k = 0; k < b.len && (isalpha((unsigned char)b.p[k]) ||
	    isspace((unsigned char)b.p[k])); k++)
		;
	if (k < b.len && b.p[k] == ':' && k <= LABEL_MAX + 16) {
		size_t a = 0, z = k;

		while (a < z && isspace((unsigned char)b.p[a]))
			a++;
		while (z > a && isspace((unsigned char)b.p[z - 1]))
			z--;
		r = z > a && z - a <= LABEL_MAX;
		for (k++; r && k < b.len && isspace((unsigned char)b.p[k]);
		    k++)
			;
		r = r && k < b.len;
	}
	w_buf_free(&b);
	return r;
}

/*
 * A poster's statistics box: a box of at most PANE_MAX characters
 * whose lines (two or more element children with text, breaks aside)
 * are all "Label: value", one of them a statistic (stat_line): the
 * profile's other fields beside it ("Location: SIN", "Programs: ...")
 * are the poster's, never a post's. A list of "Location: ..." facts
 * with no statistic among them stays.
 */
static int
stat_box(const struct hdoc *d, int i)
{
	int j, t = d->n[i].tag, lines = 0, stat = 0;

	if ((t != TidyTag_DIV && t != TidyTag_DL && t != TidyTag_UL &&
	    t != TidyTag_SECTION) || w_html_text_len(d, i) > PANE_MAX)
		return 0;
	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT || d->n[j].tag == TidyTag_BR ||
		    w_html_text_len(d, j) == 0)
			continue;
		if (!label_line(d, j))
			return 0;
		lines++;
		stat |= stat_line(d, j);
	}
	return lines >= 2 && stat;
}

/*
 * Beginnings of a box that asks the reader to sign in, register or
 * join before taking part ("Create an account or sign in to comment",
 * "You must log in to answer this question", "Join the discussion"):
 * the invitation under a thread or a comment section, never its text.
 * At most JOIN_MAX characters.
 */
static const char *const join_starts[] = {
	"create an account or sign in", "create an account or log in",
	"sign in to comment", "sign in to reply", "sign in to post",
	"sign in to answer", "sign in to join", "sign in to participate",
	"log in to comment", "log in to reply", "log in to post",
	"log in to answer", "log in to join", "log in to participate",
	"login to comment", "login to reply", "login to post",
	"login or register to", "log in or register to",
	"log in or sign up to", "sign in or register to",
	"sign in or create", "sign in or sign up to",
	"you must log in to", "you must log in or register",
	"you must log in or sign up", "you must be logged in to",
	"you must be signed in to", "you must sign in to",
	"you need to be a member", "you need to log in to",
	"you need to be logged in to", "you need to sign in to",
	"please log in to", "please sign in to", "please login to",
	"register to reply", "register to post", "join the discussion",
	"join the conversation", "start asking to get answers",
	"to reply to this", "to post a reply", "to leave a comment",
	"already have an account? sign in",
	"melde dich an, um", "anmelden, um", "bitte melden sie sich an",
	"registrieren sie sich, um", NULL
};
#define JOIN_MAX	400

/*
 * A thread's status notice: the thread is closed, locked or archived,
 * or who is reading it ("Not open for further replies.", "This
 * discussion is now closed.", "Recently Browsing 0 members"): words
 * about the thread, never a post. A block of at most STATUS_MAX
 * characters whose text holds one of these.
 */
static const char *const status_words[] = {
	"not open for further replies", "discussion is now closed",
	"discussion has been closed", "thread is closed",
	"thread has been closed", "thread is locked",
	"thread has been locked", "topic is locked", "topic has been locked",
	"post is now archived", "this is an archived post",
	"commenting has been disabled", "commenting is disabled",
	"recently browsing", "registered users viewing this", NULL
};
#define STATUS_MAX	160

/* The same for author boxes, outside threads. */
static const char *const bio_words[] = {
	"author-bio", "authorbio", "author-box", "authorbox", "about-author",
	"about-the-author", "author-card", "author-description",
	"author_bio", "author_box", "bio-box", "biobox", NULL
};

/* The same for boxes of links to other stories. */
static const char *const link_words[] = {
	"related", "more-stories", "read-more", "readmore", "read-next",
	"recommend", NULL
};

/* The same for one line under a picture. */
static const char *const line_words[] = {
	"credit", "copyright", "attribution", NULL
};

/* Lowercase, ASCII and Latin-1 letters, in place. */
static void
lower(char *s)
{
	unsigned char *p = (unsigned char *)s;

	for (; *p != '\0'; p++) {
		if (*p >= 'A' && *p <= 'Z')
			*p = (unsigned char)(*p + 32);
		else if (*p == 0xc3 && p[1] >= 0x80 && p[1] <= 0x9e &&
		    p[1] != 0x97) {
			p[1] = (unsigned char)(p[1] + 0x20);
			p++;
		}
	}
}

/*
 * The text of i, lowercase, spaces collapsed and trimmed, into out (cap
 * bytes); 0 when empty or longer than cap - 1.
 */
static size_t
norm_cut(const struct hdoc *d, int i, char *out, size_t cap, int cut)
{
	struct w_buf b;
	size_t n = 0, k;
	int sp = 0;

	if (!cut && w_html_text_len(d, i) >= cap)
		return 0;
	w_html_buf_init(&b, 1 << 16);
	w_html_text_short(d, i, &b);	/* no walk over empty elements */
	for (k = 0; k < b.len; k++) {
		unsigned char c = (unsigned char)b.p[k];

		if (c == ' ' || (c >= '\t' && c <= '\r')) {
			sp = n > 0;
			continue;
		}
		if (c == 0xc2 && k + 1 < b.len &&
		    (unsigned char)b.p[k + 1] == 0xa0) {
			sp = n > 0;
			k++;
			continue;
		}
		if (n + 2 >= cap) {
			n = cut ? n : 0;
			break;
		}
		if (sp)
			out[n++] = ' ';
		sp = 0;
		out[n++] = (char)c;
	}
	w_buf_free(&b);
	out[n] = '\0';
	lower(out);
	return n;
}

static size_t
norm(const struct hdoc *d, int i, char *out, size_t cap)
{
	return norm_cut(d, i, out, cap, 0);
}

/*
 * The first cap - 1 bytes of the text under i, lowercase (ASCII),
 * spaces collapsed and trimmed at the start; returns the length.
 */
static size_t
lead(const struct hdoc *d, int i, char *out, size_t cap)
{
	size_t n = 0, k;
	int j;

	/* only the text nodes holding a word add to out (a blank one
	 * adds the one space out has already; the bytes of a no-break
	 * space alone in its node were kept before): the walk goes from
	 * word to word and ends after the last one, whatever empty or
	 * blank elements lie around them (w_html_word_next) */
	for (j = d->n[i].first >= 0 ? w_html_word_first(d, i) : -1;
	    j >= 0 && n + 1 < cap; j = w_html_word_next(d, j, i, NULL)) {
		for (k = 0; k < d->n[j].len && n + 1 < cap; k++) {
			char c = d->pool[d->n[j].off + k];

			if (c == '\n' || c == '\t' || c == '\r')
				c = ' ';
			if (c == ' ' && (n == 0 || out[n - 1] == ' '))
				continue;
			out[n++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
		}
		if (n > 0 && n + 1 < cap && out[n - 1] != ' ')
			out[n++] = ' ';
	}
	out[n] = '\0';
	return n;
}

/*
 * norm() of a box title or a line, its closing punctuation and spaces
 * trimmed ("Related Posts:", "Read more ›", "Share this:").
 */
static size_t
title_norm(const struct hdoc *d, int i, char *t, size_t cap)
{
	static const char *const arrows[] = {
		"\xe2\x86\x91", "\xe2\x86\x90", "\xe2\x86\x92", "\xe2\x80\xb9",
		"\xc2\xab", "^", "<", NULL
	};
	size_t n = norm(d, i, t, cap), k, m;

	/* a leading arrow ("\xe2\x86\x91 Back to top") and its space */
	for (k = 0; n > 0 && arrows[k] != NULL; k++)
		if (strncmp(t, arrows[k], m = strlen(arrows[k])) == 0) {
			m += t[m] == ' ';
			memmove(t, t + m, n - m + 1);
			n -= m;
			break;
		}

	while (n > 0 && strchr(":.!?-\xe2\x80\xa6\xba\xc2\xbb>|", t[n - 1])
	    != NULL)
		t[--n] = '\0';
	while (n > 0 && t[n - 1] == ' ')
		t[--n] = '\0';
	return n;
}

/* Whether s begins with one of the words in w (then a non-letter). */
static int
starts(const char *s, const char *const *w)
{
	size_t n, k;
	unsigned char c;

	for (k = 0; w[k] != NULL; k++) {
		/* the first byte settles most words without a call */
		if (w[k][0] != s[0] && w[k][0] != '\0')
			continue;
		n = strlen(w[k]);
		if (strncmp(s, w[k], n) != 0)
			continue;
		c = (unsigned char)s[n];
		if (w[k][n - 1] == ' ' || w[k][n - 1] == ':' ||
		    !((c >= 'a' && c <= 'z') || c >= 0x80))
			return 1;
	}
	return 0;
}

/*
 * A box title: the whole text is one of titles[] or starts a title.
 * Returns 3 for a strong title (strong_titles[]), 2 for a title of a
 * section of any shape, 1 for one of a list of links, else 0.
 */
static int
box_title(const struct hdoc *d, int i)
{
	static size_t sect;
	char t[TITLE_MAX];
	size_t n;
	int at;

	if (sect == 0)
		while (strcmp(titles[sect], SECTION_TITLES) != 0)
			sect++;
	if ((n = title_norm(d, i, t, sizeof(t))) == 0)
		return 0;
	/* (the first byte settles most titles without a call) */
	if (w_html_listed(t, strong_titles) >= 0)
		return 3;
	if ((at = w_html_listed(t, titles)) >= 0)
		return 1 + ((size_t)at >= sect);
	return starts(t, title_starts);
}

/*
 * A box that is a section title and its answer buttons ("Was this
 * article helpful? [Yes] [No]"): its text outside buttons, inputs,
 * labels and links is such a title (box_title() 2 or 3), and it holds
 * two controls or more.
 */
static int
asked_box(const struct hdoc *d, int i)
{
	char t[TITLE_MAX];
	size_t n = 0, k;
	int j, tag, ctl = 0, at;

	for (j = d->n[i].first; j >= 0; ) {
		tag = d->n[j].tag;
		if (tag == TidyTag_BUTTON || tag == TidyTag_INPUT ||
		    tag == TidyTag_LABEL || tag == TidyTag_A ||
		    tag == TidyTag_SELECT) {
			ctl++;
			j = w_html_next_pre(d, j, i, 1);
			continue;
		}
		if (tag == H_TEXT)
			for (k = 0; k < d->n[j].len; k++) {
				char c = d->pool[d->n[j].off + k];

				if (c == '\n' || c == '\t' || c == '\r')
					c = ' ';
				if (c == ' ' && (n == 0 || t[n - 1] == ' '))
					continue;
				if (n + 1 >= sizeof(t))
					return 0;
				t[n++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
			}
		j = w_html_next_pre(d, j, i, 0);
	}
	while (n > 0 && strchr(" :.!?", t[n - 1]) != NULL)
		n--;
	t[n] = '\0';
	if (ctl < 2 || n == 0)
		return 0;
	if (w_html_listed(t, strong_titles) >= 0)
		return 1;
	if ((at = w_html_listed(t, titles)) < 0)
		return 0;
	for (k = 0; strcmp(titles[k], SECTION_TITLES) != 0; k++)
		;
	return (size_t)at >= k;
}

static int
heading(int tag)
{
	return tag >= TidyTag_H1 && tag <= TidyTag_H6;
}

/*
 * Whether block i is a box inviting the reader to sign in or join
 * before taking part (join_starts), of at most JOIN_MAX characters.
 */
static int
join_box(const struct hdoc *d, int i)
{
	char t[48];
	size_t len;
	int tag = d->n[i].tag;

	if (tag != TidyTag_DIV && tag != TidyTag_SECTION &&
	    tag != TidyTag_ASIDE && tag != TidyTag_FORM && tag != TidyTag_P &&
	    tag != TidyTag_LI && !heading(tag) &&
	    !(d->n[i].flags & HF_CUSTOM))
		return 0;
	len = w_html_text_len(d, i);
	if (len < 12 || len > JOIN_MAX)
		return 0;
	if (lead(d, i, t, sizeof(t)) == 0)
		return 0;
	return starts(t, join_starts);
}

/* Whether block i is a thread's status notice (status_words). */
static int
status_box(const struct hdoc *d, int i)
{
	char t[STATUS_MAX + 2];
	size_t len, k;
	int tag = d->n[i].tag;

	if (tag != TidyTag_DIV && tag != TidyTag_SECTION &&
	    tag != TidyTag_ASIDE && tag != TidyTag_P && tag != TidyTag_LI &&
	    tag != TidyTag_UL && tag != TidyTag_DL && tag != TidyTag_DD &&
	    !heading(tag) && !(d->n[i].flags & HF_CUSTOM))
		return 0;
	len = w_html_text_len(d, i);
	if (len < 12 || len > STATUS_MAX)
		return 0;
	if (lead(d, i, t, sizeof(t)) == 0)
		return 0;
	for (k = 0; status_words[k] != NULL; k++)
		if (strstr(t, status_words[k]) != NULL)
			return 1;
	return 0;
}

/*
 * A ticker (a marquee of one call to action scrolled across the page,
 * "Book Now * Book Now * ..."): a block of TICKER_MIN element children
 * or more, all of one tag, each holding the same few words (at most
 * TICKER_TEXT characters, a letter among them) and nothing else.
 */
#define TICKER_MIN	5
#define TICKER_TEXT	40

/* Whether nothing under i but text and inline styling (no picture, no
 * link: a card's caption is no ticker). */
static int
plain_text(const struct hdoc *d, int i)
{
	int j;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		switch (d->n[j].tag) {
		case H_TEXT: case TidyTag_SPAN: case TidyTag_B: case TidyTag_I:
		case TidyTag_EM: case TidyTag_STRONG: case TidyTag_SMALL:
		case TidyTag_MARK:
			break;
		default:
			return 0;
		}
	return 1;
}

static int
ticker(const struct hdoc *d, int i)
{
	char first[TICKER_TEXT + 2] = "", t[TICKER_TEXT + 2] = "";
	size_t k;
	int j, n = 0, tag = d->n[i].tag, ctag = -1, letter = 0;

	if (tag != TidyTag_DIV && tag != TidyTag_UL && tag != TidyTag_P &&
	    tag != TidyTag_SECTION && !(d->n[i].flags & HF_CUSTOM))
		return 0;
	if (w_html_nelem_kids(d, i) < TICKER_MIN)
		return 0;
	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT) {
			for (k = 0; k < d->n[j].len; k++)
				if (!strchr(" \t\r\n", d->pool[d->n[j].off + k]))
					return 0;
			continue;
		}
		if (ctag < 0)
			ctag = d->n[j].tag;
		else if (d->n[j].tag != ctag)
			return 0;
		if (w_html_text_len(d, j) > TICKER_TEXT ||
		    !plain_text(d, j) ||
		    norm_cut(d, j, n == 0 ? first : t, sizeof(t), 0) == 0)
			return 0;
		if (n > 0 && strcmp(first, t) != 0)
			return 0;
		n++;
	}
	for (k = 0; first[k] != '\0'; k++)
		if ((first[k] >= 'a' && first[k] <= 'z') ||
		    (unsigned char)first[k] >= 0x80)
			letter = 1;
	return n >= TICKER_MIN && letter;
}

/* See html_int.h. */
int
w_html_notice(const struct hdoc *d, int i, int status)
{
	return d->n[i].tag != H_TEXT && ((status && status_box(d, i)) ||
	    ticker(d, i));
}

#define NAMED_TOK	96	/* a token this long or longer is no word */

/* named()'s fold of a value (w_html_fold_fn). */
static int
named_fold(const char *c, char *buf, size_t size)
{
	return w_html_class_low(c, buf, size, NAMED_TOK, 0) != NULL;
}

/* Whether a class or id token of i holds one of the words (the list
 * memo key names, HM_*). */
static int
named(const struct hdoc *d, int i, const char *const *w, unsigned key)
{
	static const char *const at[] = { "class", "id" };
	char tok[NAMED_TOK], tmp[HF_SIZE];
	const char *c, *t, *low;
	size_t n, k, a;
	int m;

	if ((m = w_html_memo(d, i, key)) >= 0)
		return m;
	for (a = 0; a < 2; a++) {
		if ((c = w_html_attr(d, i, at[a])) == NULL)
			continue;
		/* the whole value at once, when it fits: w is lower case
		 * (folded once for the lists asked of it in a row) */
		if ((low = w_html_fold(d, c, named_fold, tmp)) != NULL) {
			if (w_html_low_any(d, low, w))
				return w_html_memo_put(d, i, key, 1);
			continue;
		}
		while ((t = w_html_class_next(&c, &n)) != NULL) {
			if (n >= sizeof(tok) || strcspn(t, ":[./") < n)
				continue;
			for (k = 0; k < n; k++)
				tok[k] = (char)(t[k] >= 'A' && t[k] <= 'Z' ?
				    t[k] + 32 : t[k]);
			tok[n] = '\0';
			/* w is lower case: as strstr on each word */
			if (w_html_low_any(d, tok, w))
				return w_html_memo_put(d, i, key, 1);
		}
	}
	return w_html_memo_put(d, i, key, 0);
}

/* The first element child of i holding text, or -1. */
static int
first_text_kid(const struct hdoc *d, int i)
{
	int j;

	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT) {
			if (w_html_text_len(d, j) > 0)
				return -1;
			continue;
		}
		if (w_html_text_len(d, j) > 0)
			return j;
	}
	return -1;
}

/* Links in i, and how many of them point inside the page. */
static void
links(const struct hdoc *d, int i, int *all, int *local)
{
	const char *h;
	int j;

	*all = *local = 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_A &&
		    (h = w_html_attr(d, j, "href")) != NULL) {
			(*all)++;
			*local += h[0] == '#';
		}
}

/*
 * A list of links into the page itself: a table of contents. (In-page
 * links count 0.3 of their text in the link density.)
 */
static int
toc(const struct hdoc *d, int i)
{
	int all, local, tag = d->n[i].tag;

	if (tag != TidyTag_UL && tag != TidyTag_OL && tag != TidyTag_NAV &&
	    tag != TidyTag_DIV)
		return 0;
	links(d, i, &all, &local);
	return all >= 3 && local * 5 >= all * 4 &&
	    w_html_link_density(d, i) > 0.2;
}

/* A sibling that belongs to a box title: links, a list of them. */
static int
linkish(const struct hdoc *d, int i)
{
	int tag = d->n[i].tag;

	if (w_html_text_len(d, i) == 0)
		return 1;
	return w_html_link_density(d, i) > 0.5 ||
	    ((tag == TidyTag_UL || tag == TidyTag_OL) &&
	    w_html_link_density(d, i) > 0.3);
}

struct prose {
	struct hdoc	*d;
	struct w_html_rep rep;		/* scratch of teaser_run */
	int		 root;
	size_t		 max;		/* characters a dropped box may hold */
	size_t		 seen;		/* characters of text before the walk */
	size_t		 len;		/* characters under root */
	char		 author[TITLE_MAX]; /* the author's name, lowercase */
	size_t		 first;		/* bytes of its first word */
};

/*
 * Verbs that follow a first name in an author's bio ("Ann writes
 * about..."); not "is" or "has", which follow a company's name too.
 */
static const char *const bio_verbs[] = {
	"started ", "founded ", "writes ", "lives ", "covers ",
	"schreibt ", "lebt ", NULL
};

/*
 * The author's bio in the second half of the article: a block of at
 * most BIO_MAX characters whose text starts with the author's name (from
 * the metadata; a person's, of two words or more, not a company's), or
 * with the first name and a verb of a bio.
 */
static int
author_bio(const struct prose *p, int i)
{
	char t[BIO_MAX + 1];
	size_t n = strlen(p->author);
	unsigned char c;

	if (n < 4 || p->first >= n || 2 * p->seen < p->len ||
	    heading(p->d->n[i].tag) ||
	    norm(p->d, i, t, sizeof(t)) == 0)
		return 0;
	if (strncmp(t, p->author, n) == 0) {
		c = (unsigned char)t[n];
		return !((c >= 'a' && c <= 'z') || c >= 0x80 ||
		    (c >= '0' && c <= '9'));
	}
	return p->first >= 3 && p->first < n &&
	    strncmp(t, p->author, p->first) == 0 && t[p->first] == ' ' &&
	    starts(t + p->first + 1, bio_verbs);
}

/*
 * A block whose text begins as one of the page's JSON-LD Persons'
 * descriptions (d->bios: W_HTML_BIO_MIN folded bytes at least, the
 * first W_HTML_BIO_FOLD compared; or their first four words or more,
 * BIO_SAME bytes at least: "Ann Lee is an experienced ..." told two
 * ways), at most 2 * BIO_MAX characters and half the article: the
 * author box's bio. Returns the box to drop: the largest ancestor
 * below the root that holds at most BIO_BOX more characters (the
 * name, a title, a link to the author's page, the box's tabs) and half
 * the article at most, or -1.
 */
#define BIO_BOX		400
#define BIO_SAME	24	/* bytes of the same first words, at least */
static int
ld_bio_box(const struct prose *p, int i)
{
	const struct hdoc *d = p->d;
	char t[2 * W_HTML_BIO_FOLD + 1], f[W_HTML_BIO_FOLD];
	const char *b;
	size_t len = w_html_text_len(d, i), n, m, k, w;
	int par;

	if (d->bios == NULL || len < 40 || len > 2 * BIO_MAX ||
	    2 * len > p->len)
		return -1;
	n = lead(d, i, t, sizeof(t));
	n = w_html_fold_words(t, n, f, sizeof(f));
	for (b = d->bios; *b != '\0'; b += strlen(b) + 1) {
		for (m = 0; m < n && b[m] != '\0' && b[m] == f[m]; m++)
			;
		if (m >= W_HTML_BIO_MIN && (b[m] == '\0' || m == n))
			break;
		/* the same first words, told another way after them */
		while (m > 0 && (b[m] != ' ' || f[m] != ' '))
			m--;
		for (k = 0, w = 0; k < m; k++)
			w += b[k] == ' ';
		if (m >= BIO_SAME && w >= 3)
			break;
	}
	if (*b == '\0')
		return -1;
	for (;;) {
		par = d->n[i].parent;
		if (par < 0 || par == p->root ||
		    w_html_text_len(d, par) > len + BIO_BOX ||
		    2 * w_html_text_len(d, par) > p->len)
			break;
		i = par;
	}
	return i;
}

/*
 * Beginnings of the link out of an author box to the author's other
 * posts ("View all posts by Ann Lee"), English, German, French and
 * Spanish.
 */
static const char *const posts_by[] = {
	"view all posts by", "all posts by", "more posts by",
	"see all posts by", "view all articles by", "all articles by",
	"more articles by", "see all articles by", "more stories by",
	"view all stories by", "view author profile", "view full profile",
	"alle beitr\xc3\xa4ge von", "alle artikel von",
	"weitere beitr\xc3\xa4ge von", "weitere artikel von",
	"mehr beitr\xc3\xa4ge von", "mehr artikel von",
	"voir tous les articles", "tous les articles de",
	"voir les articles de", "ver todos los art\xc3\xad" "culos",
	"ver todas las entradas de", "todos los art\xc3\xad" "culos de",
	"m\xc3\xa1s art\xc3\xad" "culos de", NULL
};
#define BOX_NAME	60	/* characters of the name heading a box */

/* Whether a name of two to four words, without digits, can be a
 * person's. */
static int
person(const char *s)
{
	int words = 1;

	for (; *s != '\0'; s++)
		if (*s == ' ')
			words++;
		else if ((*s >= '0' && *s <= '9') || *s == ':' || *s == '|')
			return 0;
	return words >= 2 && words <= 4;
}

/* Path segments of an author's page ("/author/ann-lee/"). */
static const char *const author_paths[] = {
	"/author/", "/authors/", "/autor/", "/autoren/", "/autorin/",
	"/auteur/", "/auteurs/", "/autores/", NULL
};

/*
 * A link to the author's page (author_paths[] in its address) whose
 * text is a person's name (person()).
 */
static int
author_link(const struct hdoc *d, int j)
{
	char name[BOX_NAME + 1];
	const char *h = w_html_attr(d, j, "href");
	int k;

	if (h == NULL || w_html_text_len(d, j) > BOX_NAME ||
	    norm(d, j, name, sizeof(name)) <= 4 || !person(name))
		return 0;
	for (k = 0; author_paths[k] != NULL; k++)
		if (w_html_ci_contains(h, author_paths[k]))
			return 1;
	return 0;
}

/*
 * An author box (at most BIO_MAX + BIO_MAX / 2 characters) whatever its
 * class: it links to the author's other posts (posts_by[]), or (last:
 * at the article's end) it shows a picture and a person's name (a
 * heading or bold line, person()) that the next line, the bio, begins
 * with ("Ann Lee has written..."), or a picture and a link to the
 * author's page (author_link()).
 */
static int
author_box(const struct hdoc *d, int i, int last)
{
	char t[TITLE_MAX], name[BOX_NAME + 1], lead[BOX_NAME + 3];
	size_t n = 0;
	int j, tag, pic = 0, after = 0, link = 0;

	name[0] = '\0';
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		tag = d->n[j].tag;
		if (tag == TidyTag_IMG || tag == TidyTag_PICTURE)
			pic = 1;
		else if (tag == TidyTag_A && w_html_text_len(d, j) < TITLE_MAX &&
		    title_norm(d, j, t, sizeof(t)) > 0 && starts(t, posts_by))
			return 1;
		else if (last && tag == TidyTag_A && author_link(d, j))
			link = 1;
		else if (last && name[0] == '\0' && (heading(tag) ||
		    tag == TidyTag_STRONG || tag == TidyTag_B) &&
		    (n = norm(d, j, name, sizeof(name))) > 4 &&
		    person(name))
			after = 0;
		else if (name[0] != '\0' && tag == TidyTag_P && !after++ &&
		    pic && norm_cut(d, j, lead, n + 3, 1) > n &&
		    strncmp(lead, name, n) == 0 && lead[n] == ' ')
			return 1;
	}
	return pic && link;
}

/* Whether node j lies in a form at i or under it. */
static int
in_form(const struct hdoc *d, int j, int i)
{
	for (; j >= 0; j = d->n[j].parent)
		if (d->n[j].tag == TidyTag_FORM)
			return 1;
		else if (j == i)
			return 0;
	return 0;
}

/*
 * Whether i holds a sign-up form: a form (at i or under it) whose field
 * to fill in asks for an e-mail address or a phone number (its type, or
 * a name or placeholder naming the mail), and that asks for no message
 * (no textarea: a comment or contact form is another rule's).
 */
static int
signup_form(const struct hdoc *d, int i)
{
	const char *t;
	int j, tag, mail = 0;

	for (j = i; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		tag = d->n[j].tag;
		if (tag == TidyTag_TEXTAREA)
			return 0;
		else if (tag == TidyTag_INPUT && in_form(d, j, i)) {
			t = w_html_attr(d, j, "type");
			if (t != NULL && (strcasecmp(t, "email") == 0 ||
			    strcasecmp(t, "tel") == 0))
				mail = 1;
			else if ((t == NULL || strcasecmp(t, "text") == 0) &&
			    (w_html_ci_contains(w_html_attr(d, j, "name"),
			    "mail") || w_html_ci_contains(w_html_attr(d, j,
			    "placeholder"), "mail")))
				mail = 1;
		}
	}
	return mail;
}

/*
 * Whether i heads a list: the nearest ancestor holding more text than
 * i holds is mostly links (a newsletter's box over its past issues).
 */
static int
list_head(const struct prose *p, int i)
{
	size_t len = w_html_text_len(p->d, i);
	int a = p->d->n[i].parent;

	while (a >= 0 && a != p->root && w_html_text_len(p->d, a) == len)
		a = p->d->n[a].parent;
	return a >= 0 && w_html_link_density(p->d, a) > 0.5;
}

static int
small(const struct prose *p, int i)
{
	return w_html_text_len(p->d, i) <= p->max;
}

/*
 * The box a title heads: the largest ancestor below the root whose
 * first text-holding child leads to the title, while it stays small.
 * Returns the title itself when it heads nothing.
 */
static int
titled_box(const struct prose *p, int t)
{
	const struct hdoc *d = p->d;
	int b = t, par;

	for (;;) {
		par = d->n[b].parent;
		if (par < 0 || par == p->root || first_text_kid(d, par) != b ||
		    !small(p, par))
			break;
		b = par;
	}
	return b;
}

/*
 * Whether the first sibling from j on (next: forward, else back) that
 * holds text is a block, or there is none: the side of a line.
 */
static int
block_side(const struct hdoc *d, int j, int next)
{
	for (; j >= 0; j = next ? d->n[j].next : d->n[j].prev)
		if (w_html_text_len(d, j) > 0)
			return d->n[j].tag != H_TEXT &&
			    w_html_is_block(d->n[j].tag);
	return 1;
}

/*
 * Whether i stands alone: a block, an inline element whose parent
 * holds no other text or whose siblings holding text on either side
 * are blocks (a line of its own), or a time element among blocks (its
 * parent a container, not a paragraph or a line).
 */
static int
alone(const struct hdoc *d, int i)
{
	int par = d->n[i].parent, pt;

	if (w_html_is_block(d->n[i].tag) || par < 0 ||
	    w_html_text_len(d, par) == w_html_text_len(d, i) ||
	    (block_side(d, d->n[i].prev, 0) && block_side(d, d->n[i].next, 1)))
		return 1;
	pt = d->n[par].tag;
	return d->n[i].tag == TidyTag_TIME && (pt == TidyTag_DIV ||
	    pt == TidyTag_ARTICLE || pt == TidyTag_SECTION ||
	    pt == TidyTag_HEADER || pt == TidyTag_MAIN ||
	    pt == TidyTag_BODY);
}

/*
 * A line of page furniture (see furniture[]), a call to action standing
 * alone (actions[]) or a comment counter: the whole text, its trailing
 * punctuation dropped.
 */
static int	meta_parts(const char *);

/*
 * Buttons in a row: t (title_norm()) split by a middle dot, a bullet or
 * '|' into two or more parts, each furniture[] ("Zum Rezept springen
 * \xc2\xb7 Rezept merken", "Print | Pin").
 */
static int
furniture_parts(char *t)
{
	char *s = t, *p, *e, c;
	size_t m;
	int parts = 0, ok = 1;

	if (strchr(t, '|') == NULL && strstr(t, "\xc2\xb7") == NULL &&
	    strstr(t, "\xe2\x80\xa2") == NULL)
		return 0;
	while (ok) {
		p = strchr(s, '|');
		if ((e = strstr(s, "\xc2\xb7")) != NULL && (p == NULL || e < p))
			p = e;
		if ((e = strstr(s, "\xe2\x80\xa2")) != NULL &&
		    (p == NULL || e < p))
			p = e;
		m = p == NULL ? 0 : *p == '|' ? 1 : *p == '\xc2' ? 2 : 3;
		e = p == NULL ? s + strlen(s) : p;
		while (*s == ' ')
			s++;
		while (e > s && e[-1] == ' ')
			e--;
		c = *e;
		*e = '\0';
		ok = w_html_listed(s, furniture) >= 0;
		*e = c;
		parts++;
		if (p == NULL)
			break;
		s = p + m;
	}
	return ok && parts >= 2;
}

/*
 * Names of the networks a share row offers, and the words that join
 * them into buttons ("Share on Facebook", "Per E-Mail teilen").
 */
static const char *const networks[] = {
	"facebook", "twitter", "x", "whatsapp", "linkedin", "pinterest",
	"reddit", "telegram", "threads", "bluesky", "mastodon", "flipboard",
	"xing", "email", "e-mail", "mail", "sms", "messenger", "tumblr",
	NULL
};
static const char *const share_words[] = {
	"share", "on", "via", "to", "by", "teilen", "auf", "per", "bei",
	"copy", "link", "kopieren", "print", "drucken", "partager", "sur",
	"par", "compartir", "en", "por", "condividi", "su", "delen", "op",
	"compartilhar", "no", NULL
};
#define SHARE_WORDS	16	/* words of a share row, at most */

/*
 * A row of share buttons read as one line (t lowercase): only network
 * names and share words, two networks or more ("Facebook Twitter
 * Email", "Share on Facebook \xc2\xb7 Share on X \xc2\xb7 Copy link").
 */
static int
share_row(const char *t)
{
	char w[16];
	size_t n;
	int nets = 0, words = 0;

	while (*t != '\0') {
		if (*t == ' ' || *t == '|' || *t == ',' || *t == '/' ||
		    *t == ':') {
			t++;
			continue;
		}
		if (strncmp(t, "\xc2\xb7", 2) == 0) {
			t += 2;
			continue;
		}
		if (strncmp(t, "\xe2\x80\xa2", 3) == 0) {
			t += 3;
			continue;
		}
		for (n = 0; t[n] != '\0' && t[n] != ' ' && t[n] != '|' &&
		    t[n] != ',' && t[n] != '/' && t[n] != ':' &&
		    (unsigned char)t[n] < 0x80; n++)
			;
		if (n == 0 || n >= sizeof(w) || ++words > SHARE_WORDS)
			return 0;
		memcpy(w, t, n);
		w[n] = '\0';
		if (w_html_listed(w, networks) >= 0)
			nets++;
		else if (w_html_listed(w, share_words) < 0)
			return 0;
		t += n;
	}
	return nets >= 2;
}

/*
 * Beginnings of a recipe's closing request ("Did you make this recipe?
 * Tag me on Instagram!"): the line, TITLE_MAX bytes at most, goes.
 */
static const char *const recipe_asks[] = {
	"did you make this recipe", "did you try this recipe",
	"tried this recipe", "made this recipe",
	"hast du das rezept ausprobiert",
	"hast du dieses rezept ausprobiert", "rezept ausprobiert",
	"rezept nachgemacht", "vous avez test\xc3\xa9 cette recette",
	"\xc2\xbfhas probado esta receta", NULL
};

/*
 * A list of share buttons (share_row()), its items read apart: minified
 * markup leaves no space between them.
 */
static int
share_list(const struct hdoc *d, int i)
{
	char t[SMALL_MAX + 1], w[SMALL_MAX + 1];
	size_t n = 0, m;
	int j;

	if (d->n[i].tag != TidyTag_UL && d->n[i].tag != TidyTag_OL)
		return 0;
	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT)
			continue;
		if (d->n[j].tag != TidyTag_LI)
			return 0;
		if ((m = norm(d, j, w, sizeof(w))) == 0)
			continue;
		if (n + m + 2 > sizeof(t))
			return 0;
		memcpy(t + n, w, m);
		n += m;
		t[n++] = ' ';
	}
	t[n] = '\0';
	return n > 0 && share_row(t);
}

/* An ad label leading a longer label (ad_labels), t lowercase. */
static int
ad_line(const char *t, size_t n)
{
	size_t k, m;

	if (n > AD_LINE)
		return 0;
	for (k = 0; ad_labels[k] != NULL; k++) {
		m = strlen(ad_labels[k]);
		if (m < n && strncmp(t, ad_labels[k], m) == 0)
			return strncmp(t + m, " - ", 3) == 0 ||
			    strncmp(t + m, " \xe2\x80\x93 ", 5) == 0 ||
			    strncmp(t + m, " (", 2) == 0 ||
			    strncmp(t + m, ". ", 2) == 0 ||
			    strncmp(t + m, ": ", 2) == 0 ||
			    strncmp(t + m, " | ", 3) == 0;
	}
	return 0;
}

static int
furniture_line(const struct hdoc *d, int i)
{
	char t[TITLE_MAX];
	size_t n, k;
	const char *w;

	if ((n = title_norm(d, i, t, sizeof(t))) == 0)
		return 0;
	if (w_html_listed(t, furniture) >= 0 || furniture_parts(t) ||
	    (starts(t, recipe_asks) && !heading(d->n[i].tag)))
		return 1;

	if (ad_line(t, n))
		return d->n[i].tag != TidyTag_LI && !heading(d->n[i].tag) &&
		    alone(d, i);
	if (meta_parts(t))
		return 1;
	/* a loading placeholder ("Loading prices for your region...") */
	if (strncmp(t, "loading ", 8) == 0 && n <= LOADING_MAX &&
	    (n = norm(d, i, t, sizeof(t))) > 3 &&
	    (strcmp(t + n - 3, "...") == 0 ||
	    strcmp(t + n - 3, "\xe2\x80\xa6") == 0))
		return 1;
	if (w_html_listed(t, actions) >= 0)
		return alone(d, i);
	for (k = 0; t[k] >= '0' && t[k] <= '9'; k++)
		;
	if (k == 0)
		return 0;
	w = t + k + (t[k] == ' ');
	if (w_html_listed(w, counted) >= 0 || starts(w, counted_on))
		return 1;
	return 0;
}

/*
 * The text t (norm(), n bytes) of a line signed by news agencies: at
 * most AGENCY_MAX characters of words joined by '/' (no spaces between
 * them), in parentheses or not, one of them an agency and the others
 * agencies or desks of at most AGENCY_DESK letters ("dpa/afp/lhe",
 * "(AFP)", "Reuters/red"). A dateline opening a sentence ("Berlin
 * (dpa) - ...") is no such line.
 */
#define AGENCY_DESK	4

static int
agency_line(const char *t, size_t n)
{
	char w[16];
	size_t k, m;
	int any = 0;

	for (k = 0; agency_labels[k] != NULL; k++)
		if (strncmp(t, agency_labels[k], m = strlen(agency_labels[k]))
		    == 0 && m < n) {
			t += m;
			n -= m;
			break;
		}
	if (n == 0 || n > AGENCY_MAX)
		return 0;
	if (t[0] == '(' && t[n - 1] == ')') {
		t++;
		n -= 2;
	}
	for (k = 0; k <= n; k++) {
		for (m = 0; k < n && t[k] != '/'; k++) {
			if (!(t[k] >= 'a' && t[k] <= 'z') && t[k] != '-')
				return 0;
			if (m + 1 >= sizeof(w))
				return 0;
			w[m++] = t[k];
		}
		if (m == 0)
			return 0;
		w[m] = '\0';
		if (w_html_listed(w, agencies) >= 0)
			any = 1;
		else if (m > AGENCY_DESK)
			return 0;
	}
	return any;
}

/*
 * A rating widget's line, whatever its markup became: at most
 * RATING_MAX characters and RATING_WORDS words holding a star glyph
 * (U+2605, U+2606), a digit and a count of votes ("\xe2\x98\x85\xe2\x98\x85\xe2\x98\x85\xe2\x98\x85\xe2\x98\x85 4,9
 * von 5 (41 Bewertungen)", "\xe2\x98\x85 4.8 from 96 reviews"): t, norm().
 */
#define RATING_WORDS	10
static const char *const rating_words[] = {
	"vote", "rating", "review", "bewertung", "stimme", "sterne", NULL
};

static int
rating_line(const char *t, size_t n)
{
	size_t k, w = 1;

	if (n == 0 || n > RATING_MAX || strpbrk(t, "0123456789") == NULL ||
	    (strstr(t, "\xe2\x98\x85") == NULL &&
	    strstr(t, "\xe2\x98\x86") == NULL))
		return 0;
	for (k = 0; k < n; k++)
		w += t[k] == ' ';
	if (w > RATING_WORDS)
		return 0;
	for (k = 0; rating_words[k] != NULL; k++)
		if (strstr(t, rating_words[k]) != NULL)
			return 1;
	return 0;
}

/*
 * A comment section's title with its count: longer than a box title
 * ("12 thoughts on \"A long post title\""): digits, then counted_on[];
 * or the count and a word of counted[] that is no reading time ("12
 * Comments", "3 Responses", "5 Kommentare"); or a comment title of
 * comment_titles[] with the count after it in parentheses ("Comments
 * (12)", "Kommentare (3)").
 */
static int
count_title(const struct hdoc *d, int i)
{
	char t[SMALL_MAX + 1];
	size_t k, n;

	if ((n = norm(d, i, t, sizeof(t))) == 0)
		return 0;
	for (k = 0; t[k] >= '0' && t[k] <= '9'; k++)
		;
	if (k > 0 && t[k] == ' ')
		return starts(t + k + 1, counted_on) ||
		    (strncmp(t + k + 1, "min", 3) != 0 &&
		    w_html_listed(t + k + 1, counted) >= 0);
	if (n < 5 || t[n - 1] != ')')
		return 0;
	for (k = n - 1; k > 0 && t[k - 1] >= '0' && t[k - 1] <= '9'; k--)
		;
	if (k == n - 1 || k < 3 || t[k - 1] != '(' || t[k - 2] != ' ')
		return 0;
	t[k - 2] = '\0';
	return w_html_listed(t, comment_titles) >= 0;
}

/*
 * A meta line of parts split by '|', a middle dot or a bullet whose
 * last part is a reading time or a comment counter ("Ann Lee | 5 min
 * read", "May 2, 2025 \xc2\xb7 12 comments"): t, title_norm().
 */
static int
meta_parts(const char *t)
{
	const char *s = t, *p;
	size_t k;

	for (;;) {
		if ((p = strchr(s, '|')) == NULL &&
		    (p = strstr(s, "\xc2\xb7")) == NULL &&
		    (p = strstr(s, "\xe2\x80\xa2")) == NULL)
			break;
		s = p + (*p == '|' ? 1 : 2 + (*p != '\xc2'));
	}
	if (s == t)
		return 0;
	while (*s == ' ')
		s++;
	for (k = 0; *s >= '0' && *s <= '9'; k++, s++)
		;
	if (k == 0)
		return 0;
	s += *s == ' ';
	if (w_html_listed(s, counted) >= 0)
		return 1;
	return 0;
}

/*
 * A form asking the reader for something (a sign-up, a contact or
 * lead form, a search box): it holds a field to fill in.
 */
static int
asking_form(const struct hdoc *d, int i)
{
	const char *t;
	int j, tag;

	if (d->n[i].tag != TidyTag_FORM)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		tag = d->n[j].tag;
		if (tag == TidyTag_TEXTAREA || tag == TidyTag_SELECT)
			return 1;
		if (tag != TidyTag_INPUT)
			continue;
		t = w_html_attr(d, j, "type");
		if (t == NULL || strcasecmp(t, "text") == 0 ||
		    strcasecmp(t, "email") == 0 || strcasecmp(t, "tel") == 0 ||
		    strcasecmp(t, "search") == 0 ||
		    strcasecmp(t, "number") == 0)
			return 1;
	}
	return 0;
}

/* Whether the n bytes at t hold w (lower case), in any case. */
static int
has_n(const char *t, size_t n, const char *w)
{
	size_t k, m = strlen(w);

	for (k = 0; k + m <= n; k++)
		if (strncasecmp(t + k, w, m) == 0)
			return 1;
	return 0;
}

/* Whether the n-byte text t ends with one of the words in w. */
static int
ends(const char *t, size_t n, const char *const *w)
{
	size_t k, m;

	for (k = 0; w[k] != NULL; k++)
		if ((m = strlen(w[k])) <= n && memcmp(t + n - m, w[k], m) == 0)
			return 1;
	return 0;
}

/*
 * A line asking the reader to subscribe or sign in (signups[],
 * signup_ends[]): t is its norm() text of n bytes, at most SIGNUP_MAX.
 */
static int
signup_line(const char *t, size_t n)
{
	while (n > 0 && strchr(".!:\xe2\x80\xa6\xbb ", t[n - 1]) != NULL)
		n--;
	return n <= SIGNUP_MAX && (starts(t, signups) ||
	    ends(t, n, signup_ends));
}

/*
 * An affiliate disclosure: a short text (t, norm()) holding one of
 * disclosures[] and speaking to or for the reader (readers[]).
 */
static int
disclosure(const char *t)
{
	const char *s;
	size_t n;
	int k;

	if (!w_html_ci_any(NULL, t, disclosures))
		return 0;
	/* the words of readers[] whole: "roi and" holds no "i" */
	for (s = t; *s != '\0'; s += n) {
		while (*s != '\0' && !((*s >= 'a' && *s <= 'z') ||
		    (unsigned char)*s >= 0x80))
			s++;
		for (n = 0; (s[n] >= 'a' && s[n] <= 'z') ||
		    (unsigned char)s[n] >= 0x80; n++)
			;
		for (k = 0; n > 0 && readers[k] != NULL; k++)
			if (strlen(readers[k]) == n &&
			    strncmp(s, readers[k], n) == 0)
				return 1;
	}
	return 0;
}

/*
 * A sign-up or comment form's consent line: it opens on the act
 * (consent_starts[]) and says the reader agrees (consents[]): "By
 * signing up, you agree to receive...", "Mit der Anmeldung stimmen Sie
 * ... zu", "En vous inscrivant, vous acceptez...", "Al suscribirte,
 * aceptas...".
 */
static const char *const consent_starts[] = {
	"by signing up", "by subscribing", "by submitting", "by clicking",
	"by posting", "by entering", "by registering", "by continuing",
	"by providing", "by creating", "by checking", "by tapping",
	"mit der anmeldung", "mit ihrer anmeldung", "mit deiner anmeldung",
	"mit dem absenden", "mit dem klick", "mit klick auf",
	"mit der registrierung", "en vous inscrivant", "en cliquant",
	"en soumettant", "en vous abonnant", "en validant",
	"al suscribirte", "al suscribirse", "al registrarte",
	"al registrarse", "al hacer clic", "al enviar", NULL
};
static const char *const consents[] = {
	"you agree", "you consent", "you acknowledge", "you accept",
	"you confirm", "you authorize", "you authorise", "stimmen sie",
	"stimmst du", "willigen sie", "willigst du", "akzeptieren sie",
	"akzeptierst du", "erkl\xc3\xa4ren sie", "vous acceptez",
	"vous consentez", "vous reconnaissez", "vous confirmez", "aceptas",
	"acepta ", "aceptar ", "consientes", "autorizas", NULL
};

static int
consent(const char *t)
{
	return starts(t, consent_starts) &&
	    w_html_ci_any(NULL, t, consents);
}

/*
 * Whether a class token of i names a rating widget: "rating",
 * "ratings", German "bewertung(en)", "stars", "star-rating", "rating-*", "*-rating",
 * "*-rating-*" (a whole word, not "operating").
 */
static int
rating_named(const struct hdoc *d, int i)
{
	const char *c = w_html_attr(d, i, "class"), *t;
	size_t n;

	if (c == NULL)
		return 0;
	while ((t = w_html_class_next(&c, &n)) != NULL) {
		if ((n == 5 && strncasecmp(t, "stars", 5) == 0) ||
		    (n == 7 && strncasecmp(t, "ratings", 7) == 0) ||
		    (n == 9 && strncasecmp(t, "bewertung", 9) == 0) ||
		    (n == 11 && strncasecmp(t, "bewertungen", 11) == 0) ||
		    (n >= 6 && strncasecmp(t, "rating", 6) == 0 &&
		    (n == 6 || t[6] == '-' || t[6] == '_')) ||
		    (n > 7 && strncasecmp(t + n - 7, "-rating", 7) == 0) ||
		    (n > 7 && strncasecmp(t + n - 7, "_rating", 7) == 0) ||
		    has_n(t, n, "-rating-"))
			return 1;
	}
	return 0;
}

/* Month names, English and German, as their first three letters
 * ("m\xc3\xa4r" for März). */
static const char *const months[] = {
	"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
	"nov", "dec", "m\xc3\xa4r", "mai", "okt", "dez", NULL
};
#define DATE_MAX	40	/* characters of a date line */

/*
 * Whether i's text is a short date (at most DATE_MAX characters): a
 * year from 1900 to 2099 with a month name ("Dec 28, 2025",
 * "12. März 2025") or with day and month in digits ("12.03.2025",
 * "2025-03-12").
 */
static int	date_str(const char *, size_t);

static int
date_text(const struct hdoc *d, int i)
{
	char t[DATE_MAX + 1];
	size_t n;

	if ((n = norm(d, i, t, sizeof(t))) == 0)
		return 0;
	return date_str(t, n);
}

/* Whether the n-byte norm() text t holds a date (see date_text). */
static int
date_str(const char *t, size_t n)
{
	size_t k, m;
	int year = 0, month = 0, digits = 0;

	for (k = 0; k < n; k++) {
		if (t[k] >= '0' && t[k] <= '9') {
			for (m = k; m < n && t[m] >= '0' && t[m] <= '9'; m++)
				;
			if (m - k == 4 && (t[k] == '1' || t[k] == '2') &&
			    (t[k + 1] == '9' || t[k + 1] == '0'))
				year = 1;
			else if (m - k <= 2 && m < n &&
			    (t[m] == '.' || t[m] == '/' || t[m] == '-'))
				digits++;
			k = m - 1;
		} else if (t[k] >= 'a' && t[k] <= 'z' &&
		    (k == 0 || !(t[k - 1] >= 'a' && t[k - 1] <= 'z')))
			for (m = 0; months[m] != NULL; m++)
				if (strncmp(t + k, months[m],
				    strlen(months[m])) == 0)
					month = 1;
	}
	return year && (month || digits >= 2 ||
	    (digits >= 1 && strchr(t, '-') != NULL));
}

static int	card(const struct hdoc *, int);

/* Labels of a date on the next line ("Last updated"), whole. */
static const char *const date_labels[] = {
	"last updated", "updated", "updated on", "published", "published on",
	"publish date", "published date", "date published", "posted on",
	"last reviewed", "date last reviewed", "reviewed on",
	"last modified", "zuletzt aktualisiert", "aktualisiert",
	"aktualisiert am", "ver\xc3\xb6" "ffentlicht",
	"ver\xc3\xb6" "ffentlicht am", "stand", "mis \xc3\xa0 jour",
	"mis \xc3\xa0 jour le", "publi\xc3\xa9", "publi\xc3\xa9 le",
	"actualizado", "actualizado el", "publicado", "publicado el", NULL
};

/*
 * A date's label standing alone (date_labels[], its colon dropped)
 * whose next block is a date (date_text).
 */
static int
date_label(const struct prose *p, int i)
{
	const struct hdoc *d = p->d;
	char t[TITLE_MAX];
	int j;

	if (title_norm(d, i, t, sizeof(t)) == 0 ||
	    w_html_listed(t, date_labels) < 0)
		return 0;
	for (j = d->n[i].next; j >= 0 && d->n[j].tag == H_TEXT &&
	    w_html_text_len(d, j) == 0; j = d->n[j].next)
		;
	return j >= 0 && d->n[j].tag != H_TEXT && date_text(d, j);
}

/* Words a date line may hold beside its date ("at 9:27 am", "6:45 p.m.
 * ET", "| Updated ..."). */
static const char *const date_glue[] = {
	"at", "um", "uhr", "et", "est", "edt", "cet", "cest", "gmt", "utc",
	"ist", "pst", "pdt", "p.m.", "a.m.", "updated", "published",
	"aktualisiert", "stand", "and", "und", NULL
};

/* Month names as whole words, English and German: a date without its
 * year ("Dec 23", month_day) and the words of a date line (month_at). */
static const char *const month_names[] = {
	"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
	"nov", "dec", "january", "february", "march", "april", "june",
	"july", "august", "september", "october", "november", "december",
	"sept", "m\xc3\xa4rz", "mai", "juni", "juli", "okt", "oktober",
	"dez", "dezember", "januar", "februar", NULL
};

/* Whether the word w is a month's name (month_names[], whole: "Dec",
 * "M\xc3\xa4rz"; "market" and "main" are no month). */
static int
month_at(const char *w)
{
	return w_html_listed(w, month_names) >= 0;
}

/*
 * The words of a date line's text t that are no part of a date: of 3
 * letters or more, no month name (month_at) and no date_glue[].
 */
static int
date_words(const char *t)
{
	char w[24];
	size_t k, m, letters;
	int n = 0;

	while (*t != '\0') {
		while (*t == ' ' || *t == '|' || *t == ',')
			t++;
		for (k = 0, letters = 0; t[k] != '\0' && t[k] != ' ' &&
		    t[k] != '|' && t[k] != ','; k++)
			if ((unsigned char)t[k] >= 'a' ||
			    (unsigned char)t[k] >= 0x80)
				letters++;
		if (k == 0)
			break;
		m = k < sizeof(w) ? k : sizeof(w) - 1;
		memcpy(w, t, m);
		w[m] = '\0';
		while (m > 0 && (w[m - 1] == '.' || w[m - 1] == ':') &&
		    w_html_listed(w, date_glue) < 0)
			w[--m] = '\0';
		t += k;
		if (letters < 3 || w_html_listed(w, date_glue) >= 0 ||
		    month_at(w))
			continue;
		n++;
	}
	return n;
}

/*
 * A date line led by its label ("Published August 13, 2025", "Updated
 * on 23 Oct 2025", "Ver\xc3\xb6ffentlicht: 3. Mai 2024 | Stand: ..."): a
 * date_labels[] entry, a colon or space, then a date (date_str), at
 * most BYLINE_MAX characters.
 */
static int
dated_line(const struct hdoc *d, int i)
{
	char t[BYLINE_MAX + 1];
	size_t n, k, m, best = 0;

	if ((n = norm(d, i, t, sizeof(t))) == 0)
		return 0;
	for (k = 0; date_labels[k] != NULL; k++) {
		m = strlen(date_labels[k]);
		if (m > best && m < n && strncmp(t, date_labels[k], m) == 0 &&
		    (t[m] == ' ' || t[m] == ':'))
			best = m;
	}
	if (best == 0)
		return 0;
	while (best < n && (t[best] == ' ' || t[best] == ':'))
		best++;
	return best < n && date_str(t + best, n - best) &&
	    date_words(t + best) <= 1;
}

/* Whether i is in a teaser card (card(), three levels up at most): its
 * date marks the card (teaser_run). */
static int
in_card(const struct prose *p, int i)
{
	int j, k;

	for (j = p->d->n[i].parent, k = 0; j >= 0 && j != p->root && k < 3;
	    j = p->d->n[j].parent, k++)
		if (card(p->d, j))
			return 1;
	return 0;
}

/*
 * A teaser card for another page: at most CARD_MAX characters, with a
 * date (a time element, a datetime attribute, a class naming a date,
 * a short text that is a date: date_text),
 * a picture or a heading, and a link elsewhere whose text (the other
 * page's title) holds CARD_TITLE to LINK_TITLE characters.
 */
static int
card(const struct hdoc *d, int c)
{
	const char *h;
	size_t len = w_html_text_len(d, c), l;
	int j, tag, pic = 0, link = 0, date = 0;

	if (len < CARD_TITLE || len > CARD_MAX ||
	    w_html_ci_contains(w_html_attr(d, c, "itemtype"), "comment"))
		return 0;
	for (j = d->n[c].first; j >= 0; j = w_html_next_pre(d, j, c, 0)) {
		tag = d->n[j].tag;
		if (tag == TidyTag_IMG || tag == TidyTag_PICTURE ||
		    heading(tag))
			pic = 1;
		else if (tag == TidyTag_A && !link &&
		    (h = w_html_attr(d, j, "href")) != NULL && h[0] != '#' &&
		    (l = w_html_text_len(d, j)) >= CARD_TITLE &&
		    l <= LINK_TITLE)
			link = 1;
		if (!date && (tag == TidyTag_TIME ||
		    (tag != H_TEXT && (w_html_date_named(d, j) ||
		    (w_html_text_len(d, j) <= DATE_MAX &&
		    tag != TidyTag_A && date_text(d, j))))))
			date = 1;
		if (pic && link && date)
			return 1;
	}
	return 0;
}

/*
 * A run of teasers for other pages after the article (related or
 * recent posts under no title): three or more cards (card()), three
 * quarters of the largest group of like children, which is half of
 * them or more, once TEASER_SEEN characters and half the rest of the
 * article came before; not in a thread of comments (a class or id
 * naming comments on the run or above it).
 */
static int
teaser_run(struct prose *p, int i)
{
	const struct hdoc *d = p->d;
	size_t len = w_html_text_len(d, i);
	unsigned shape;
	int j, n, nk, cards = 0;

	if (p->seen < TEASER_SEEN || len >= p->len ||
	    2 * p->seen < p->len - len || (nk = w_html_nelem_kids(d, i)) < 3)
		return 0;
	shape = w_html_rep_group(d, i, &p->rep, &n);
	if (n < 3 || 2 * n < nk)
		return 0;
	if (w_html_in_comments(d, i, p->root))
		return 0;
	for (j = w_html_rep_next(d, d->n[i].first, shape); j >= 0;
	    j = w_html_rep_next(d, d->n[j].next, shape))
		cards += card(d, j);
	return cards >= 3 && 4 * cards >= 3 * n;
}

/*
 * A title in the flow: drop it and what it heads, the following
 * siblings up to the next heading of its rank (a section), or while
 * they are links (a list of stories), within the size bound. Returns
 * the node after the dropped run, or -2 when nothing was dropped.
 */
static int
drop_section(struct prose *p, int t, int kind)
{
	struct hdoc *d = p->d;
	int j, nx, end, after, section = heading(d->n[t].tag) && kind >= 2;
	int line = 0;
	size_t sum = 0;
	char tt[TITLE_MAX];

	/* "About the author:" on a line of its own, not a comment
	 * section's title (a comment form may come first) */
	if (!section && kind == 3 && title_norm(d, t, tt, sizeof(tt)) > 0)
		line = w_html_listed(tt, comment_titles) < 0;

	end = t;
	for (j = d->n[t].next; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT)
			continue;
		if (heading(d->n[j].tag) && (!section ||
		    d->n[j].tag <= d->n[t].tag))
			break;
		if (!section && !line && !linkish(d, j))
			break;
		sum += w_html_text_len(d, j);
		if (sum > p->max)
			return -2;
		end = j;
	}
	/* a section title on a line of its own heads the rest of the
	 * article only: at most TAIL_REST characters after it */
	if (line && (end == t || p->seen + w_html_text_len(d, t) + sum +
	    TAIL_REST < p->len))
		return -2;
	if (end == t && !section)
		return -2;
	after = w_html_next_pre(d, end, p->root, 1);
	for (j = t; j >= 0; j = nx) {
		nx = d->n[j].next;
		w_html_unlink(d, j);
		if (j == end)
			break;
	}
	return after;
}

/*
 * A menu or breadcrumb trail before the article's text (under
 * REST_MIN characters of it seen): a list, nav, div or paragraph of at
 * most LEAD_MAX characters, two links or more to other pages, each of
 * at most LEAD_LINK characters, making up most of its text (a table of
 * contents links into the page: toc()).
 */
#define LEAD_MAX	800
#define LEAD_LINK	40
static int
lead_links(const struct prose *p, int i)
{
	const struct hdoc *d = p->d;
	const char *h;
	size_t len = w_html_text_len(d, i);
	int j, n = 0, tag = d->n[i].tag;

	if (p->seen >= REST_MIN || len > LEAD_MAX || 2 * len >= p->len ||
	    (tag != TidyTag_UL && tag != TidyTag_OL && tag != TidyTag_NAV &&
	    tag != TidyTag_DIV && tag != TidyTag_P))
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		if (heading(d->n[j].tag) || d->n[j].tag == TidyTag_IMG)
			return 0;
		if (d->n[j].tag != TidyTag_A)
			continue;
		h = w_html_attr(d, j, "href");
		if (h == NULL || h[0] == '#' ||
		    w_html_text_len(d, j) > LEAD_LINK)
			return 0;
		n++;
	}
	return n >= 2 && len <= (size_t)n * LEAD_LINK &&
	    w_html_link_density(d, i) >= 0.6;
}

/* A month and a day without a year ("Dec 23", "23 Dec"): t, norm(). */
static int
month_day(const char *t)
{
	char w[2][16];
	size_t k, n;
	long day;
	int a, b, end = 0;

	if (sscanf(t, "%15s %15s%n", w[0], w[1], &end) != 2 ||
	    t[end] != '\0')
		return 0;
	for (k = 0; k < 2; k++) {
		n = strlen(w[k]);
		while (n > 0 && (w[k][n - 1] == '.' || w[k][n - 1] == ','))
			w[k][--n] = '\0';
	}
	for (a = 0; a < 2; a++) {
		b = 1 - a;
		n = strlen(w[b]);
		if (n == 0 || n > 4 || w[b][0] < '0' || w[b][0] > '9')
			continue;
		day = strtol(w[b], NULL, 10);	/* "23", "23rd" */
		if (day < 1 || day > 31)
			continue;
		if (w_html_listed(w[a], month_names) >= 0)
			return 1;
	}
	return 0;
}

/* Beginnings of a byline naming the author ("By Ann Lee"). */
static const char *const by_words[] = {
	"by ", "posted by ", "recipe by ", "words by ", "story by ",
	"text by ", "photos by ", "von ", "text: ", "par ", "por ", NULL
};
#define BY_WORDS	8	/* words of such a byline */

/*
 * A byline standing alone, at most BYLINE_MAX characters: by_words[]
 * then a capital (a name, not "By knowing your users..."), BY_WORDS
 * words at most, no full stop but after an initial.
 */
static int
by_line(const struct hdoc *d, int i)
{
	struct w_buf b;
	const char *t;
	size_t k, m, words = 1;
	int ok = 0;

	w_html_buf_init(&b, 4 * BYLINE_MAX);
	w_html_text(d, i, &b);
	for (t = b.p; *t == ' ' || *t == '\n' || *t == '\t'; t++)
		;
	for (k = 0; by_words[k] != NULL && !ok; k++) {
		m = strlen(by_words[k]);
		if (strncasecmp(t, by_words[k], m) == 0 &&
		    ((t[m] >= 'A' && t[m] <= 'Z') ||
		    (unsigned char)t[m] >= 0xc3))
			ok = 1;
	}
	for (k = 0; ok && t[k] != '\0'; k++) {
		if (t[k] == ' ' && t[k + 1] != ' ' && t[k + 1] != '\0')
			words++;
		if ((t[k] == '.' && k >= 2 && t[k - 2] != ' ') ||
		    t[k] == '!' || t[k] == '?' || t[k] == ':' ||
		    t[k] == ';' || words > BY_WORDS)
			ok = 0;
	}
	w_buf_free(&b);
	return ok;
}
#define HEAD_SEEN	240	/* characters before a date that opens */

/* Whether article element j has an article element beside it (one of
 * a run of teasers). */
static int
article_sib(const struct hdoc *d, int j)
{
	int k;

	for (k = d->n[j].prev; k >= 0; k = d->n[k].prev)
		if (d->n[k].tag != H_TEXT)
			return d->n[k].tag == TidyTag_ARTICLE;
	for (k = d->n[j].next; k >= 0; k = d->n[k].next)
		if (d->n[k].tag != H_TEXT)
			return d->n[k].tag == TidyTag_ARTICLE;
	return 0;
}

/* Whether i is inside a list item, a table or one of a run of article
 * elements below the root (a teaser's date and byline, a table's cell,
 * not the article's). */
static int
in_item(const struct prose *p, int i)
{
	const struct hdoc *d = p->d;
	int j;

	for (j = d->n[i].parent; j >= 0 && j != p->root; j = d->n[j].parent)
		if (d->n[j].tag == TidyTag_LI || d->n[j].tag == TidyTag_TABLE ||
		    (d->n[j].tag == TidyTag_ARTICLE && article_sib(d, j)))
			return 1;
	return 0;
}

/* Beginnings of a title "About <the author>". */
static const char *const about[] = {
	"about ", "more about ", "\xc3\xbc" "ber ", "mehr \xc3\xbc" "ber ",
	"\xc3\xa0 propos de ", "sobre ", "acerca de ", NULL
};

/*
 * A heading titled "About" and the author's name from the metadata
 * ("About Ann Lee", "\xc3\x9c" "ber Ann Lee"): a strong title (3), else 0.
 */
static int
about_author(const struct prose *p, int i)
{
	char t[TITLE_MAX];
	size_t k, m;

	if (p->author[0] == '\0' || !heading(p->d->n[i].tag) ||
	    title_norm(p->d, i, t, sizeof(t)) == 0)
		return 0;
	for (k = 0; about[k] != NULL; k++) {
		m = strlen(about[k]);
		if (strncmp(t, about[k], m) == 0 &&
		    strcmp(t + m, p->author) == 0)
			return 3;
	}
	return 0;
}

/*
 * A box asking the reader to act (at most CTA_MAX characters, at the
 * article's end: CTA_REST characters after it at most, not one of a
 * run of cards: card_sib): it
 * holds a button (a button element, a link named or playing one) whose
 * whole text is a call to action (actions[]), and a heading or a line
 * of text above it ("Ready to start? ... [Book a demo]").
 */
#define CTA_MAX		600
#define SIGNUP_BOX	700	/* characters of a sign-up box */
#define BUTTON_MAX	48	/* characters of a button's text */
#define CTA_REST	300	/* characters of the article after it */

/* Whether the element before i has i's tag and class (one of a run of
 * cards). */
static int
card_sib(const struct hdoc *d, int i)
{
	const char *a, *b;
	int j;

	j = w_html_prev_el(d, i);
	if (j < 0 || d->n[j].tag != d->n[i].tag)
		return 0;
	a = w_html_attr(d, i, "class");
	b = w_html_attr(d, j, "class");
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* Whether the element next to j (next: after it, else before) has j's
 * tag and class. */
static int
same_sib(const struct hdoc *d, int j, int next)
{
	const char *a, *b;
	int k;

	k = next ? w_html_next_el(d, j) : w_html_prev_el(d, j);
	if (k < 0 || d->n[k].tag != d->n[j].tag)
		return 0;
	a = w_html_attr(d, j, "class");
	b = w_html_attr(d, k, "class");
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* Whether i or its parent stands in a run of cards of one shape, on
 * either side. */
static int
card_run(const struct hdoc *d, int i)
{
	int par = d->n[i].parent;

	return same_sib(d, i, 0) || same_sib(d, i, 1) || (par >= 0 &&
	    (same_sib(d, par, 0) || same_sib(d, par, 1)));
}

/* 1: the box's button is a call to action by its words (actions[]);
 * 2: by its shape only (a link drawn as a button) under a question
 * ("Ready to grow your business? [Talk to us]"). */
static int
cta_box(const struct hdoc *d, int i)
{
	static const char *const btn_words[] = {
		"btn", "button", "cta", NULL
	};
	char t[TITLE_MAX];
	const char *r;
	int j, tag, text = 0, shape = 0, ask = 0;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		tag = d->n[j].tag;
		if (tag == H_TEXT) {
			text = 1;
			if (memchr(d->pool + d->n[j].off, '?', d->n[j].len))
				ask = 1;
			continue;
		}
		if (tag != TidyTag_BUTTON && tag != TidyTag_A)
			continue;
		if (tag == TidyTag_A && !w_html_ci_any(d,
		    w_html_attr(d, j, "class"), btn_words) &&
		    ((r = w_html_attr(d, j, "role")) == NULL ||
		    strcmp(r, "button") != 0))
			continue;
		if (!text || w_html_text_len(d, j) >= TITLE_MAX ||
		    title_norm(d, j, t, sizeof(t)) == 0)
			continue;
		/* a link drawn as a button, of any words: the box's
		 * place and shape say what it asks */
		if (w_html_listed(t, actions) >= 0)
			return 1;
		if (tag == TidyTag_A && ask &&
		    w_html_text_len(d, j) <= BUTTON_MAX)
			shape = 2;
	}
	return shape;
}

/*
 * A link styled as a button (its class names a "btn", "button" or
 * "cta", or its role is button) whose whole text, at most BUTTON_MAX
 * characters, stands alone on its line: "Book a demo", "Shop the
 * sale", "Buy now at Shop". Not a button drawn as a link ("btn-link",
 * a list of further reading), not a toggle (a link into the page, or
 * one that expands or controls a panel: accordions hold content).
 */
int
w_html_button_link(const struct hdoc *d, int i)
{
	static const char *const btn_words[] = {
		"btn", "button", "cta", NULL
	};
	const char *c, *h, *r;

	if (d->n[i].tag != TidyTag_A || w_html_text_len(d, i) > BUTTON_MAX)
		return 0;
	c = w_html_attr(d, i, "class");
	/* "btn-link": a button drawn as a plain link */
	if (w_html_ci_contains(c, "btn-link"))
		return 0;
	if (!w_html_ci_any(d, c, btn_words) &&
	    ((r = w_html_attr(d, i, "role")) == NULL ||
	    strcmp(r, "button") != 0))
		return 0;
	if ((h = w_html_attr(d, i, "href")) == NULL || *h == '#' ||
	    w_html_attr(d, i, "aria-expanded") != NULL ||
	    w_html_attr(d, i, "aria-controls") != NULL ||
	    w_html_attr(d, i, "data-toggle") != NULL ||
	    w_html_attr(d, i, "data-bs-toggle") != NULL)
		return 0;
	return alone(d, i);
}

/*
 * The verdict on element i: returns the node to visit next, having
 * dropped i (or a box around it, or it and its section), or -2 to keep
 * i and go on inside it.
 */
/*
 * Whether i comes right after a picture: its previous sibling holding
 * anything (text or an element) is an image, a picture, or an element
 * holding one and no text. UNDER_PASS siblings holding nothing are
 * passed at most: a line that far under its picture is no credit, and
 * the boxes a strip empties (a row of forms whose buttons went) were
 * each passed again by every line after them.
 */
#define UNDER_PASS	32

static int
under_picture(const struct hdoc *d, int i)
{
	int j, k, tag, pass = 0;

	for (j = d->n[i].prev; j >= 0 && pass++ < UNDER_PASS;
	    j = d->n[j].prev) {
		tag = d->n[j].tag;
		if (tag == H_TEXT) {
			if (w_html_text_len(d, j) > 0)
				return 0;
			continue;
		}
		if (tag == TidyTag_IMG || tag == TidyTag_PICTURE)
			return 1;
		if (w_html_text_len(d, j) > 0)
			return 0;
		for (k = d->n[j].first; k >= 0;
		    k = w_html_next_pre(d, k, j, 0))
			if (d->n[k].tag == TidyTag_IMG ||
			    d->n[k].tag == TidyTag_PICTURE)
				return 1;
		/* an empty element (a script, a line break) is passed */
	}
	return 0;
}

static int
verdict(struct prose *p, int i)
{
	struct hdoc *d = p->d;
	char t[SMALL_MAX + 1], dt[CAPTION_MAX + 1];
	size_t len = w_html_text_len(d, i), max, n;
	int tag = d->n[i].tag, b, nx, kind;

	if (len == 0 || tag == TidyTag_PRE || tag == TidyTag_CODE)
		return -2;
	if ((len < TITLE_MAX && furniture_line(d, i)) ||
	    (len <= SMALL_MAX && (tag == TidyTag_DIV || tag == TidyTag_P ||
	    tag == TidyTag_SECTION || tag == TidyTag_ASIDE ||
	    tag == TidyTag_FORM) && asked_box(d, i))) {
		nx = w_html_next_pre(d, i, p->root, 1);
		w_html_unlink(d, i);
		return nx;
	}
	/* an agency line, a rating line, a row of share buttons */
	if (len <= SMALL_MAX && tag != TidyTag_LI && tag != TidyTag_A &&
	    tag != TidyTag_TD && tag != TidyTag_TH &&
	    (n = norm(d, i, t, sizeof(t))) > 0 &&
	    ((alone(d, i) && agency_line(t, n)) || rating_line(t, n) ||
	    (!heading(tag) && (share_row(t) || share_list(d, i))))) {
		nx = w_html_next_pre(d, i, p->root, 1);
		w_html_unlink(d, i);
		return nx;
	}
	/* a comment section's title, and the comments it heads */
	if (len <= SMALL_MAX && heading(tag) && count_title(d, i)) {
		if ((b = titled_box(p, i)) != i) {
			nx = w_html_next_pre(d, b, p->root, 1);
			w_html_unlink(d, b);
			return nx;
		}
		if ((nx = drop_section(p, i, 2)) != -2)
			return nx;
		nx = w_html_next_pre(d, i, p->root, 1);
		w_html_unlink(d, i);
		return nx;
	}
	if (tag == TidyTag_TABLE)
		return -2;
	/* the page's menu or trail, dates and bylines over the text */
	if (lead_links(p, i) || (p->seen < HEAD_SEEN &&
	    len <= BYLINE_MAX && !heading(tag) && alone(d, i) &&
	    !in_item(p, i) && ((len <= DATE_MAX &&
	    norm(d, i, t, sizeof(t)) > 0 &&
	    (date_text(d, i) || month_day(t))) || by_line(d, i)))) {
		nx = w_html_next_pre(d, i, p->root, 1);
		w_html_unlink(d, i);
		return nx;
	}
	/* a date closing the article ("Last updated: May 3, 2024"), or
	 * its label alone with the date next */
	if (len <= DATE_MAX && 2 * p->seen >= p->len &&
	    p->seen + len + TAIL_REST >= p->len && alone(d, i) &&
	    !in_item(p, i) && (date_text(d, i) || date_label(p, i)) &&
	    !in_card(p, i)) {
		nx = w_html_next_pre(d, i, p->root, 1);
		w_html_unlink(d, i);
		return nx;
	}
	/* a date line with its label, anywhere in the article */
	if (len <= BYLINE_MAX && !heading(tag) && tag != TidyTag_LI &&
	    alone(d, i) && !in_item(p, i) && dated_line(d, i) &&
	    !in_card(p, i)) {
		nx = w_html_next_pre(d, i, p->root, 1);
		w_html_unlink(d, i);
		return nx;
	}
	/* a button of a shop or a sign-up on its own line */
	if (w_html_button_link(d, i)) {
		nx = w_html_next_pre(d, i, p->root, 1);
		w_html_unlink(d, i);
		return nx;
	}
	if (tag == TidyTag_A)
		return -2;
	/* the author's bio, as the metadata gives it */
	if ((b = ld_bio_box(p, i)) >= 0) {
		nx = w_html_next_pre(d, b, p->root, 1);
		w_html_unlink(d, b);
		return nx;
	}
	/* a caption (a figcaption, a box named "caption") that credits
	 * its picture, a quarter of the text at most */
	if ((tag == TidyTag_FIGCAPTION || (tag != TidyTag_FIGURE &&
	    w_html_ci_contains(w_html_attr(d, i, "class"), "caption"))) &&
	    len <= CAPTION_MAX &&
	    4 * len <= p->len && (n = norm(d, i, dt, sizeof(dt))) > 0 &&
	    (w_html_ci_any(d, dt, caption_credits) ||
	    (len <= CREDIT_LINE && ends(dt, n, studio_ends)))) {
		nx = w_html_next_pre(d, i, p->root, 1);
		w_html_unlink(d, i);
		return nx;
	}
	/* a credit line just under a picture */
	if (len <= CREDIT_LINE && !heading(tag) && tag != TidyTag_LI &&
	    4 * len <= p->len && under_picture(d, i) &&
	    (n = norm(d, i, dt, sizeof(dt))) > 0 &&
	    (w_html_ci_any(d, dt, caption_credits) ||
	    (tag != TidyTag_P && ends(dt, n, studio_ends)))) {
		nx = w_html_next_pre(d, i, p->root, 1);
		w_html_unlink(d, i);
		return nx;
	}
	if (len < TITLE_MAX && ((kind = box_title(d, i)) > 0 ||
	    (kind = about_author(p, i)) > 0)) {
		max = p->max;
		if (kind == 3 && tag != TidyTag_H1 && p->len <= SHORT_POST &&
		    p->seen >= REST_MIN && p->len > REST_MIN)
			p->max = p->len - REST_MIN < BOX_MAX ?
			    p->len - REST_MIN : BOX_MAX;
		if (p->max < max)
			p->max = max;
		b = titled_box(p, i);
		if (b == i && !heading(tag) && tag != TidyTag_P &&
		    tag != TidyTag_DIV && tag != TidyTag_STRONG &&
		    tag != TidyTag_B && tag != TidyTag_SPAN)
			nx = -2;
		else if (b == i)
			nx = drop_section(p, i, kind);
		else {
			nx = w_html_next_pre(d, b, p->root, 1);
			w_html_unlink(d, b);
		}
		p->max = max;
		return nx;
	}
	nx = w_html_next_pre(d, i, p->root, 1);
	/* a comment or contact form after the post's first lines, of
	 * any size but a page's (BOX_MAX) */
	if (tag == TidyTag_FORM && p->seen >= REST_MIN && len <= BOX_MAX &&
	    asking_form(d, i)) {
		w_html_unlink(d, i);
		return nx;
	}
	/* an author box after the post's first lines, however short the
	 * post */
	if (p->seen >= REST_MIN && len <= BIO_MAX + BIO_MAX / 2 &&
	    len + REST_MIN <= p->len && tag != TidyTag_P && !heading(tag) &&
	    tag != TidyTag_LI && author_box(d, i,
	    p->seen + len + BIO_MAX >= p->len)) {
		w_html_unlink(d, i);
		return nx;
	}
	/* a call to action boxed after the article's text */
	if (tag != TidyTag_P && !heading(tag) && tag != TidyTag_LI &&
	    tag != TidyTag_A && len <= CTA_MAX && 5 * len <= p->len &&
	    5 * p->seen >= 3 * p->len && p->seen + len + CTA_REST >= p->len &&
	    !card_sib(d, i) && ((kind = cta_box(d, i)) == 1 ||
	    (kind == 2 && !card_run(d, i)))) {
		w_html_unlink(d, i);
		return nx;
	}
	/* a sign-up box: a short box around a sign-up form, its title,
	 * blurb and consent line with it */
	if ((tag == TidyTag_DIV || tag == TidyTag_SECTION ||
	    tag == TidyTag_ASIDE || tag == TidyTag_FORM) &&
	    len <= SIGNUP_BOX && 5 * len <= p->len && p->seen >= REST_MIN &&
	    !list_head(p, i) && signup_form(d, i)) {
		w_html_unlink(d, i);
		return nx;
	}
	if (!small(p, i))
		return -2;
	if (len <= DISCLOSURE_MAX && !heading(tag) && tag != TidyTag_LI &&
	    alone(d, i) && norm(d, i, dt, sizeof(dt)) > 0 &&
	    (disclosure(dt) || signup_line(dt, strlen(dt)) ||
	    consent(dt))) {
		w_html_unlink(d, i);
		return nx;
	}
	if (len <= SMALL_MAX && !heading(tag) &&
	    norm(d, i, t, sizeof(t)) > 0 && (starts(t, credits) ||
	    (starts(t, taxonomy) && alone(d, i)) ||
	    (len <= BYLINE_MAX && starts(t, bylines) && alone(d, i)) ||
	    (starts(t, teasers) && w_html_link_density(d, i) > 0.3))) {
		w_html_unlink(d, i);
		return nx;
	}
	if (toc(d, i) || asking_form(d, i) || author_bio(p, i) ||
	    (len <= RATING_MAX && rating_named(d, i)) ||
	    (tag != TidyTag_P && !heading(tag) &&
	    (named(d, i, box_words, HM_BOX) ||
	    (named(d, i, link_words, HM_LINK) &&
	    w_html_link_density(d, i) > 0.3) || (len <= SMALL_MAX &&
	    named(d, i, line_words, HM_LINE))))) {
		w_html_unlink(d, i);
		return nx;
	}
	return -2;
}

/* A control that closes a box: named or labelled "close", or an "x". */
static int
closer(const struct hdoc *d, int j)
{
	char t[16];

	if (w_html_ci_contains(w_html_attr(d, j, "aria-label"), "close") ||
	    w_html_ci_contains(w_html_attr(d, j, "title"), "close") ||
	    w_html_ci_contains(w_html_attr(d, j, "class"), "close") ||
	    w_html_ci_contains(w_html_attr(d, j, "aria-label"), "schlie"))
		return 1;
	if (d->n[j].tag != TidyTag_BUTTON && d->n[j].tag != TidyTag_A &&
	    d->n[j].tag != TidyTag_SPAN)
		return 0;
	if (norm(d, j, t, sizeof(t)) == 0)
		return 0;
	return strcmp(t, "x") == 0 || strcmp(t, "\xc3\x97") == 0 ||
	    strcmp(t, "\xe2\x9c\x95") == 0 || strcmp(t, "\xe2\x9c\x96") == 0 ||
	    strcmp(t, "close") == 0 || strcmp(t, "schlie\xc3\x9f" "en") == 0;
}

/*
 * A box named like a pop-up that is one: taken out of the tab order,
 * holding a form (a contact or sign-up pop-up) or a close control.
 */
static int
popup(const struct hdoc *d, int i)
{
	const char *t = w_html_attr(d, i, "tabindex");
	int j, tag;

	if (t != NULL && strcmp(t, "-1") == 0)
		return 1;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0)) {
		tag = d->n[j].tag;
		if (tag == TidyTag_FORM || tag == TidyTag_INPUT ||
		    tag == TidyTag_TEXTAREA || tag == TidyTag_SELECT ||
		    (tag != H_TEXT && closer(d, j)))
			return 1;
	}
	return 0;
}

/*
 * Whether i holds a form asking for a message or an address: a form
 * with a textarea or an e-mail field (an overlay's contact or sign-up
 * form, not a hero's search box).
 */
static int
mail_form(const struct hdoc *d, int i)
{
	const char *ty;
	int j, form = 0;

	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_FORM)
			form = 1;
		else if (form && (d->n[j].tag == TidyTag_TEXTAREA ||
		    (d->n[j].tag == TidyTag_INPUT &&
		    (ty = w_html_attr(d, j, "type")) != NULL &&
		    strcasecmp(ty, "email") == 0)))
			return 1;
	return 0;
}

/*
 * Whether a class list lays the element over the page the utility-class
 * way: "fixed" and "inset-0" (position: fixed over the whole viewport),
 * a pop-up or drawer however it is named.
 */
static int
fixed_class(const char *c)
{
	const char *t;
	size_t n;
	int fixed = 0, inset = 0;

	if (c == NULL)
		return 0;
	while ((t = w_html_class_next(&c, &n)) != NULL) {
		if (n == 5 && strncmp(t, "fixed", 5) == 0)
			fixed = 1;
		else if (n == 7 && strncmp(t, "inset-0", 7) == 0)
			inset = 1;
	}
	return fixed && inset;
}

/*
 * A comment section: a box headed by a comment title (comment_titles[])
 * that holds a form with a text area, whatever its class.
 */
static int
comment_box(const struct hdoc *d, int i)
{
	char t[TITLE_MAX];
	int j, form = 0;

	if ((j = first_text_kid(d, i)) < 0 || !heading(d->n[j].tag) ||
	    w_html_text_len(d, j) >= TITLE_MAX ||
	    title_norm(d, j, t, sizeof(t)) == 0)
		return 0;
	if (w_html_listed(t, comment_titles) < 0)
		return 0;
	for (j = d->n[i].first; j >= 0; j = w_html_next_pre(d, j, i, 0))
		if (d->n[j].tag == TidyTag_FORM)
			form = 1;
		else if (form && d->n[j].tag == TidyTag_TEXTAREA)
			return 1;
	return 0;
}

/*
 * An icon's placeholder: an element holding one word of text and no
 * element, whose class names an icon (a class token "icon" or "icons",
 * or one that ends in "-icon(s)" or "_icon(s)", or starts with "icon-"
 * or "icon_": "card__icon", "material-icons", "icon-arrow"): an icon
 * font's ligature ("arrow_forward", "local_offer") or a template's
 * stand-in ("Icon"), never the page's text; outside table cells,
 * where a check mark is the cell's value, and not a badge's word
 * ("Vegan": see icon_word). On WCXB dev: listing F1 0.7838 -> 0.7844
 * (fold A +0.0013), service +0.0002, 5 pages up on 5 sites, none down.
 */
#define ICON_WORD	24

/* The one word under i is an icon font's ligature (lowercase letters,
 * digits, '_' or '-': "arrow_forward") or "icon" itself, in any case. */
static int
icon_word(const struct hdoc *d, int i)
{
	char w[ICON_WORD + 1];
	const char *t;
	size_t n = 0, k;
	int j, lower = 1;

	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		t = d->pool + d->n[j].off;
		for (k = 0; k < d->n[j].len && n < ICON_WORD; k++)
			if (t[k] != ' ' && t[k] != '\t' && t[k] != '\n' &&
			    t[k] != '\r')
				w[n++] = t[k];
	}
	w[n] = '\0';
	for (k = 0; k < n; k++)
		if (!((w[k] >= 'a' && w[k] <= 'z') || (w[k] >= '0' &&
		    w[k] <= '9') || w[k] == '_' || w[k] == '-'))
			lower = 0;
	return lower || strcasecmp(w, "icon") == 0;
}

static int
icon_glyph(const struct hdoc *d, int i)
{
	const char *c = w_html_attr(d, i, "class"), *t;
	size_t n, k, len = 0;
	int j, named = 0;

	if (c == NULL || d->n[i].first < 0)
		return 0;
	while ((t = w_html_class_next(&c, &n)) != NULL && !named) {
		if (n >= 5 && t[n - 1] == 's' && strncasecmp(t + n - 5,
		    "icons", 5) == 0)
			n--;
		named = (n == 4 && strncasecmp(t, "icon", 4) == 0) ||
		    (n > 5 && strncasecmp(t + n - 4, "icon", 4) == 0 &&
		    (t[n - 5] == '-' || t[n - 5] == '_')) ||
		    (n > 5 && strncasecmp(t, "icon", 4) == 0 &&
		    (t[4] == '-' || t[4] == '_'));
	}
	if (!named)
		return 0;
	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag != H_TEXT)
			return 0;
		t = d->pool + d->n[j].off;
		for (k = 0; k < d->n[j].len; k++) {
			if (t[k] == ' ' || t[k] == '\t' || t[k] == '\n' ||
			    t[k] == '\r') {
				if (len > 0 && k + 1 < d->n[j].len &&
				    t[k + 1] != ' ' && t[k + 1] != '\n' &&
				    t[k + 1] != '\t' && t[k + 1] != '\r')
					return 0;	/* a second word */
				continue;
			}
			len++;
		}
	}
	if (len == 0 || len > ICON_WORD || w_html_has_ancestor(d, i,
	    TidyTag_TD, 0) || w_html_has_ancestor(d, i, TidyTag_TH, 0))
		return 0;
	return icon_word(d, i);
}

/*
 * Whether element i can never be the page's main content, so that no
 * attempt of the scorer may pick it: a dialog, a modal or pop-up box
 * (see popup()), an overlay holding a contact or sign-up form
 * (mail_form()), a fixed overlay, a comment form, a shopping cart
 * (w_html_cart_box), a forum post's user pane, statistics line
 * (stat_line) or signature, and (outside threads, prof without
 * HP_THREAD) an
 * author box.
 */
int
w_html_never_content(const struct hdoc *d, int i, int prof)
{
	const char *a = w_html_attr(d, i, "aria-modal"), *r, *st;
	char buf[128];
	size_t k, n;

	if (a != NULL && strcmp(a, "true") == 0)
		return 1;
	r = w_html_attr(d, i, "role");
	if (r != NULL && (strcmp(r, "dialog") == 0 ||
	    strcmp(r, "alertdialog") == 0))
		return 1;
	if (d->n[i].tag == TidyTag_BODY || d->n[i].tag == TidyTag_HTML ||
	    d->n[i].tag == TidyTag_MAIN || d->n[i].tag == TidyTag_ARTICLE)
		return 0;
	if (named(d, i, never_words, HM_NEVER) || w_html_cart_box(d, i) ||
	    (!(prof & HP_THREAD) && named(d, i, bio_words, HM_BIO)))
		return 1;
	if (!(prof & HP_THREAD) && (d->n[i].tag == TidyTag_DIV ||
	    d->n[i].tag == TidyTag_SECTION || d->n[i].tag == TidyTag_ASIDE) &&
	    comment_box(d, i))
		return 1;
	if ((named(d, i, pane_words, HM_PANE) &&
	    w_html_text_len(d, i) <= PANE_MAX) || stat_line(d, i) ||
	    stat_box(d, i) || join_box(d, i))
		return 1;
	if (w_html_is_block(d->n[i].tag) && named(d, i, popup_words, HM_POPUP) &&
	    popup(d, i))
		return 1;
	if (w_html_is_block(d->n[i].tag) &&
	    w_html_ci_contains(w_html_attr(d, i, "class"), "overlay") &&
	    mail_form(d, i))
		return 1;
	if (fixed_class(w_html_attr(d, i, "class")) || icon_glyph(d, i))
		return 1;
	if ((st = w_html_attr(d, i, "style")) == NULL)
		return 0;
	for (k = n = 0; st[k] != '\0' && n + 1 < sizeof(buf); k++)
		if (st[k] != ' ' && st[k] != '\t' && st[k] != '\n')
			buf[n++] = (char)(st[k] >= 'A' && st[k] <= 'Z' ?
			    st[k] + 32 : st[k]);
	buf[n] = '\0';
	return strstr(buf, "position:fixed") != NULL;
}

/*
 * Drop the article's boilerplate under root (see the file comment). A
 * dropped box holds at most BOX_SHARE of root's text and BOX_MAX
 * characters.
 */
void
w_html_prose_strip(struct hdoc *d, int root)
{
	struct prose p;
	size_t rlen = w_html_text_len(d, root);
	int i, nx;

	p.d = d;
	p.root = root;
	p.seen = 0;
	p.len = rlen;
	p.author[0] = '\0';
	p.first = 0;
	if (d->author != NULL && strlen(d->author) < sizeof(p.author)) {
		char *a = p.author, *o = p.author;
		int sp = 0;

		/* spaces folded, lowercase, as norm() leaves a text */
		for (a = d->author; *a != '\0'; a++)
			if (*a == ' ' || *a == '\t' || *a == '\n')
				sp = o > p.author;
			else {
				if (sp)
					*o++ = ' ';
				sp = 0;
				*o++ = *a;
			}
		*o = '\0';
		lower(p.author);
		p.first = strcspn(p.author, " ");
	}
	p.max = (size_t)(BOX_SHARE * (double)rlen);
	if (p.max > BOX_MAX)
		p.max = BOX_MAX;
	for (i = d->n[root].first; i >= 0; i = nx) {
		if (d->n[i].tag == H_TEXT)
			p.seen += w_html_text_len(d, i);
		nx = d->n[i].tag == H_TEXT ? -2 : verdict(&p, i);
		if (nx == -2)
			nx = w_html_next_pre(d, i, root, 0);
	}
}

/*
 * Controls repeated through an article: a link or button standing alone
 * (alone()) whose text, of at most CONTROL_MAX characters with a letter
 * in it (not a page or line number), stands alone CONTROL_REP times or more ("View in
 * list", "Check price", "Read the full review" under each item of a
 * list): the page's buttons, not its text. At most CONTROL_SEEN such
 * links are looked at.
 */
#define CONTROL_MAX	60
#define CONTROL_REP	3
#define CONTROL_SEEN	1024
struct control {
	uint32_t	 h;
	int		 i;
};

static int
control_cmp(const void *a, const void *b)
{
	const struct control *x = a, *y = b;

	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	return x->i - y->i;
}

static void
drop_controls(struct hdoc *d, int root)
{
	struct control *c;
	char t[CONTROL_MAX + 1];
	size_t n, k, m, len;
	uint32_t h;
	int i, tag, word;

	if ((c = malloc(CONTROL_SEEN * sizeof(*c))) == NULL)
		return;
	n = 0;
	for (i = d->n[root].first; i >= 0 && n < CONTROL_SEEN;
	    i = w_html_next_pre(d, i, root, 0)) {
		tag = d->n[i].tag;
		if (tag != TidyTag_A && tag != TidyTag_BUTTON)
			continue;
		len = w_html_text_len(d, i);
		if (len == 0 || len > CONTROL_MAX || !alone(d, i) ||
		    (m = title_norm(d, i, t, sizeof(t))) == 0)
			continue;
		h = 2166136261u;
		for (k = word = 0; k < m; k++) {
			unsigned char u = (unsigned char)t[k];

			word |= (u >= 'a' && u <= 'z') || u >= 0xc3;
			h = (h ^ u) * 16777619u;
		}
		if (word) {
			c[n].h = h;
			c[n++].i = i;
		}
	}
	qsort(c, n, sizeof(*c), control_cmp);
	for (k = 0; k < n; k = m) {
		for (m = k + 1; m < n && c[m].h == c[k].h; m++)
			;
		if (m - k < CONTROL_REP)
			continue;
		for (; k < m; k++)
			w_html_unlink(d, c[k].i);
	}
	free(c);
}

/*
 * A list of links to other pages closing the article (related posts
 * under no title, or a short one): a list or box of TAIL_ITEMS or more
 * children, each a title of CARD_TITLE to LINK_TITLE characters that
 * is one link to another page (nine tenths of its text), holding at
 * most CARD_MAX characters a link, after TEASER_SEEN characters and
 * half the article, with at most TAIL_REST characters after it, all to
 * one site (a list of sources points to many: tail_host()). Its
 * short title just before it (a heading, a line ending in a colon)
 * goes with it: returns that title, the list itself, or -1. Under such
 * a title an item may be a third link at least ("How to tell if your
 * <mattress is too soft>"); untitled, a list of those is the
 * article's own.
 */

/*
 * The host of an absolute link h (its bytes from *start, "www."
 * skipped), 0 for a link within the site.
 */
static size_t
tail_host(const char *h, const char **start)
{
	if (strncasecmp(h, "https://", 8) == 0)
		h += 8;
	else if (strncasecmp(h, "http://", 7) == 0)
		h += 7;
	else if (h[0] == '/' && h[1] == '/')
		h += 2;
	else
		return 0;
	if (strncasecmp(h, "www.", 4) == 0)
		h += 4;
	*start = h;
	return strcspn(h, "/?#:");
}

static int
tail_links(const struct prose *p, int i)
{
	const struct hdoc *d = p->d;
	const char *h, *host = NULL, *o;
	size_t len = w_html_text_len(d, i), l, a, hn = 0, on;
	int j, k, n = 0, tag = d->n[i].tag, pr, weak = 0;

	if ((tag != TidyTag_UL && tag != TidyTag_OL && tag != TidyTag_DIV &&
	    tag != TidyTag_SECTION && tag != TidyTag_ASIDE &&
	    tag != TidyTag_NAV) || p->seen < TEASER_SEEN ||
	    2 * p->seen < p->len || len >= p->len ||
	    p->seen + len + TAIL_REST < p->len)
		return -1;
	for (j = d->n[i].first; j >= 0; j = d->n[j].next) {
		if (d->n[j].tag == H_TEXT) {
			if (w_html_text_len(d, j) > 0)
				return -1;
			continue;
		}
		l = w_html_text_len(d, j);
		if (l == 0)
			continue;
		if (l < CARD_TITLE || l > LINK_TITLE)
			return -1;
		a = 0;
		for (k = j; k >= 0; k = w_html_next_pre(d, k, j, 0))
			if (d->n[k].tag == TidyTag_A) {
				h = w_html_attr(d, k, "href");
				if (a > 0 || h == NULL || h[0] == '#' ||
				    h[0] == '\0')
					return -1;
				a = w_html_text_len(d, k);
				if ((on = tail_host(h, &o)) == 0)
					continue;
				if (host == NULL) {
					host = o;
					hn = on;
				} else if (on != hn ||
				    strncasecmp(o, host, hn) != 0)
					return -1;
			}
		if (3 * a < l)
			return -1;
		if (10 * a < 9 * l)
			weak++;
		n++;
	}
	if (n < TAIL_ITEMS || len > (size_t)n * CARD_MAX)
		return -1;
	for (pr = d->n[i].prev; pr >= 0 && d->n[pr].tag == H_TEXT &&
	    w_html_text_len(d, pr) == 0; pr = d->n[pr].prev)
		;
	if (pr >= 0 && d->n[pr].tag != H_TEXT &&
	    (l = w_html_text_len(d, pr)) > 0 && l < TITLE_MAX) {
		char t[TITLE_MAX + 1];
		size_t m = norm(d, pr, t, sizeof(t));

		if (heading(d->n[pr].tag) || (m > 0 && t[m - 1] == ':'))
			return pr;
	}
	return weak > 0 ? -1 : i;
}

/*
 * Drop runs of teasers for other pages from the article root (see
 * teaser_run), and repeated controls (drop_controls): once the article
 * is chosen, so that they do not change the choice.
 */
void
w_html_prose_teasers(struct hdoc *d, int root)
{
	struct prose p;
	int i, nx, tag, t;

	drop_controls(d, root);
	memset(&p, 0, sizeof(p));
	p.d = d;
	p.root = root;
	p.len = w_html_text_len(d, root);
	for (i = d->n[root].first; i >= 0; i = nx) {
		tag = d->n[i].tag;
		nx = -2;
		if (tag == H_TEXT)
			p.seen += w_html_text_len(d, i);
		else if (tag != TidyTag_P && !heading(tag) &&
		    tag != TidyTag_PRE && teaser_run(&p, i)) {
			nx = w_html_next_pre(d, i, root, 1);
			w_html_unlink(d, i);
		} else if ((t = tail_links(&p, i)) >= 0) {
			nx = w_html_next_pre(d, i, root, 1);
			if (t != i)
				w_html_unlink(d, t);
			w_html_unlink(d, i);
		}
		if (nx == -2)
			nx = w_html_next_pre(d, i, root, 0);
	}
	free(p.rep.buf);
}

/*
 * What follows a post and is not it (html_score.c's post_first): a box
 * after the title's block that Readability's scoring may prefer to a
 * short post. b is such a box when, among its first AFTER_LOOK nodes:
 * - its first heading titles a comment section, an author box or a
 *   contact form (comment_titles[], strong_titles[], contact_titles[],
 *   author_titles[], "12 thoughts on ...", "12 Comments");
 * - a form holds a text area or AFTER_INPUTS text fields and a third of
 *   b's text or more (a comment form, a contact pop-up);
 * - a portrait's alt text, or the start of its first paragraph, is its
 *   first heading, a name of two to four words (an author box: "Ruth
 *   Calder" over "Ruth Calder runs the farm ..."), or that heading is
 *   a name lead and a name of one to four words (name_leads[]: "About
 *   Ruth", "Written by Ruth Calder") and b holds a picture, in
 *   AFTER_BIO characters at most;
 * - AFTER_DATES or more lines of one date each, outside headings, and
 *   at most AFTER_PER_DATE characters of b's text per date (a list of
 *   comments, each under its poster's name and date).
 * strict: only the first two (a title, a form), which a section of the
 * post itself does not mimic.
 */
#define AFTER_LOOK	600
#define AFTER_INPUTS	2
#define AFTER_BIO	2000
#define AFTER_DATES	3
#define AFTER_PER_DATE	600

static const char *const contact_titles[] = {
	"get in touch", "contact us", "contact me", "contact",
	"send us a message", "send a message", "write to us", "kontakt",
	"kontaktieren sie uns", "schreiben sie uns", "nous contacter",
	"contactez-nous", "cont\xc3\xa1" "ctanos", "contatti", NULL
};

/* Whether heading text t (title_norm()) is a name of two to four words
 * that q's text (an alt or a paragraph) is or starts with. */
static int
named_by(const char *t, const char *q)
{
	size_t n = strlen(t), k, w = 1;

	if (n < 5 || n > 40 || strncmp(q, t, n) != 0 ||
	    (q[n] != '\0' && q[n] != ' ' && q[n] != ','))
		return 0;
	for (k = 0; k < n; k++) {
		if (t[k] == ' ')
			w++;
		else if (t[k] >= '0' && t[k] <= '9')
			return 0;
	}
	return w >= 2 && w <= 4;
}

/* Whole titles of an author box that its other lists leave out. */
static const char *const author_titles[] = {
	"about the writer", "about the writers", "about author",
	"about the reviewer", "meet the author", "the author", "the authors",
	"author", "authors", "written by", "der autor", "die autorin",
	"die autoren", "autor", "autorin", "l'auteur", "l\xe2\x80\x99" "auteur",
	"el autor", "la autora", "l'autore", "over de schrijver", NULL
};

/* Openings of an author box's title before the writer's name ("About
 * Ruth", "Written by Ruth Calder", "\xc3\x9c" "ber Ruth"). */
static const char *const name_leads[] = {
	"about ", "meet ", "written by ", "by ", "\xc3\xbc" "ber ", "von ",
	"geschrieben von ", "\xc3\xa0 propos de ", "sobre ", NULL
};

/* Whether heading text t (title_norm()) is a name lead (name_leads[])
 * and a name of one to four words that q's text is or starts with. */
static int
named_after(const char *t, const char *q)
{
	size_t n, k, w = 1;
	int i;

	for (i = 0; name_leads[i] != NULL; i++)
		if (strncmp(t, name_leads[i], strlen(name_leads[i])) == 0)
			break;
	if (name_leads[i] == NULL)
		return 0;
	t += strlen(name_leads[i]);
	n = strlen(t);
	if (n < 2 || n > 40 || strncmp(q, t, n) != 0 ||
	    (q[n] != '\0' && q[n] != ' ' && q[n] != ','))
		return 0;
	for (k = 0; k < n; k++) {
		if (t[k] == ' ')
			w++;
		else if ((t[k] >= '0' && t[k] <= '9') || t[k] == ':')
			return 0;
	}
	return w <= 4;
}

int
w_html_after_post(const struct hdoc *d, int b, int strict)
{
	char t[TITLE_MAX], q[TITLE_MAX];
	const char *alt, *ty;
	size_t len = w_html_text_len(d, b), formlen = 0;
	int j, k, tag, head = -1, para = -1, area = 0, inputs = 0, dates = 0;
	int img = 0;

	if (len == 0)
		return 0;
	t[0] = '\0';
	for (j = d->n[b].first, k = 0; j >= 0 && k < AFTER_LOOK;
	    j = w_html_next_pre(d, j, b, 0), k++) {
		tag = d->n[j].tag;
		if (tag == H_TEXT)
			continue;
		if (heading(tag) && head < 0 && w_html_text_len(d, j) > 0) {
			head = j;
			if (w_html_text_len(d, j) < TITLE_MAX &&
			    title_norm(d, j, t, sizeof(t)) > 0 &&
			    (w_html_listed(t, comment_titles) >= 0 ||
			    w_html_listed(t, strong_titles) >= 0 ||
			    w_html_listed(t, contact_titles) >= 0 ||
			    w_html_listed(t, author_titles) >= 0 ||
			    count_title(d, j)))
				return 1;
		} else if (tag == TidyTag_FORM &&
		    !w_html_has_ancestor(d, j, TidyTag_FORM, 0))
			formlen += w_html_text_len(d, j);
		else if (tag == TidyTag_TEXTAREA &&
		    w_html_has_ancestor(d, j, TidyTag_FORM, 0))
			area = 1;
		else if (tag == TidyTag_INPUT &&
		    w_html_has_ancestor(d, j, TidyTag_FORM, 0) &&
		    ((ty = w_html_attr(d, j, "type")) == NULL ||
		    strcasecmp(ty, "text") == 0 || strcasecmp(ty, "email") ==
		    0 || strcasecmp(ty, "tel") == 0))
			inputs++;
		else if (tag == TidyTag_IMG && !strict && (img = 1) &&
		    head < 0 && len <= AFTER_BIO &&
		    (alt = w_html_attr(d, j, "alt")) != NULL) {
			/* a portrait before the heading: its alt, kept */
			size_t n = strlen(alt), m;

			if (n > 0 && n < sizeof(q)) {
				for (m = 0; m <= n; m++)
					q[m] = alt[m] >= 'A' && alt[m] <= 'Z' ?
					    (char)(alt[m] - 'A' + 'a') : alt[m];
				para = -2;
			}
		} else if (tag == TidyTag_P && !strict && head >= 0 &&
		    para == -1 && len <= AFTER_BIO) {
			para = j;
			if (t[0] != '\0' && norm_cut(d, j, q, sizeof(q), 1) >
			    0 && (named_by(t, q) || (img && named_after(t, q))))
				return 1;
		} else if (d->n[j].first >= 0 && !heading(tag) &&
		    w_html_text_len(d, j) <= DATE_MAX &&
		    !w_html_has_ancestor(d, j, TidyTag_H1, 0) &&
		    date_text(d, j)) {
			int c, inner = 0;

			for (c = d->n[j].first; c >= 0; c = d->n[c].next)
				if (d->n[c].tag != H_TEXT)
					inner = 1;
			dates += !inner;
		}
		if (para == -2 && head >= 0 && t[0] != '\0') {
			if (named_by(t, q) || named_after(t, q))
				return 1;
			para = -1;
		}
	}
	if (formlen > 0 && (area || inputs >= AFTER_INPUTS) &&
	    3 * formlen >= len)
		return 1;
	return !strict && dates >= AFTER_DATES &&
	    len <= (size_t)dates * AFTER_PER_DATE;
}
