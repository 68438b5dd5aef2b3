import type { WidgetKind } from '../../domain/widget-protocol/config.ts';
import { loaderUrlOf } from '../../domain/widget-protocol/loader-url.ts';
import { embedSnippet as snippetOf } from '../../domain/widget-protocol/snippet.ts';

/** The article's three forms: the path on the publisher's server and the widget its snippet places, if any. */
export const VARIANTS = [
  { name: 'none', path: '/', label: 'without a widget', widget: null },
  { name: 'calculator', path: '/with-calculator', label: 'with the calculator', widget: 'calculator' },
  { name: 'application', path: '/with-application', label: 'with the application', widget: 'application' },
] as const satisfies readonly { name: string; path: string; label: string; widget: WidgetKind | null }[];
export type Variant = (typeof VARIANTS)[number];

const PUBLISHER_ID = 'autozinas.lv';

/** What a publisher pastes, as the publishers' page generates it: the widget's element and the loader's script. */
const embedSnippet = (productOrigin: string, widget: WidgetKind) =>
  snippetOf(widget, { lang: 'lv', publisherId: PUBLISHER_ID }, loaderUrlOf(productOrigin)).replaceAll('\n', '\n      ');

/** The article page's one inline stylesheet, in the publisher's plain style. */
const ARTICLE_STYLE = `    <style>
      * { box-sizing: border-box; }
      body { margin: 0; font: 18px/1.6 Georgia, 'Times New Roman', serif; color: #1d1d1f; background: #fff; }
      a { color: #0b57d0; }
      .site { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; padding: 0.75rem 1rem;
        border-bottom: 3px solid #c8102e; font-family: system-ui, sans-serif; }
      .brand { font-weight: 800; font-size: 1.4rem; color: #c8102e; text-decoration: none; }
      .site nav { display: flex; flex-wrap: wrap; gap: 1rem; font-size: 0.95rem; }
      .site nav a { color: #1d1d1f; text-decoration: none; }
      main { max-width: 720px; margin: 0 auto; padding: 1rem; }
      .kicker { margin: 0; font: 700 0.85rem system-ui, sans-serif; text-transform: uppercase; color: #c8102e; }
      h1 { margin: 0.25rem 0 0.5rem; font: 800 1.9rem/1.2 system-ui, sans-serif; }
      h2 { margin: 2rem 0 0.5rem; font: 700 1.35rem/1.3 system-ui, sans-serif; }
      .byline { margin: 0 0 1rem; font: 0.9rem system-ui, sans-serif; color: #5f6368; }
      .lead { font-size: 1.15rem; font-weight: 600; }
      .widget-slot { margin: 1.5rem 0; }
      aside { margin-top: 2.5rem; padding-top: 1rem; border-top: 1px solid #dadce0; font-family: system-ui, sans-serif; }
      aside ul { padding-left: 1.2rem; }
      footer { padding: 1.5rem 1rem; background: #f1f3f4; font: 0.85rem system-ui, sans-serif; color: #5f6368;
        text-align: center; }
    </style>
`;

/**
 * A news site's article in the publisher's own plain style: system fonts, one inline stylesheet, no images and no
 * third parties, so that what changes between the forms is the widget alone. The snippet sits where an editor would
 * put it, after the second paragraph, within the first screen of a phone.
 */
export function articlePage(productOrigin: string, widget: WidgetKind | null): string {
  return `<!doctype html>
<html lang="lv">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kā izvēlēties auto kredītu: seši jautājumi pirms parakstīšanas | Autoziņas</title>
    <meta name="description" content="Procentu likme, termiņš, pirmā iemaksa un kopējās izmaksas: ko salīdzināt, pirms ņemat kredītu auto iegādei." />
${ARTICLE_STYLE}  </head>
  <body>
    <header class="site">
      <a class="brand" href="/">Autoziņas</a>
      <nav aria-label="Sadaļas">
        <a href="/">Jaunumi</a><a href="/">Testi</a><a href="/">Lietoti auto</a><a href="/">Finanses</a>
      </nav>
    </header>
    <main>
      <article>
        <p class="kicker">Finanses</p>
        <h1>Kā izvēlēties auto kredītu: seši jautājumi pirms parakstīšanas</h1>
        <p class="byline">Anna Kalniņa · 2026. gada 14. novembris · 6 minūtes lasīšanai</p>
        <p class="lead">
          Auto kredīta cenu veido ne tikai procentu likme. Līguma maksa, apdrošināšana un termiņš dažkārt maksā
          vairāk nekā pati likme, tāpēc salīdziniet kopējās izmaksas, ne reklāmas skaitli.
        </p>
        <p>
          Latvijā auto kredītus piedāvā gan bankas, gan nebanku kreditētāji. Bankas parasti prasa lielāku pirmo
          iemaksu un rūpīgāk vērtē ienākumus, toties likme mēdz būt zemāka. Nebanku kreditētāji lēmumu pieņem ātrāk,
          bet par ātrumu nākas maksāt. Pirms iesniedzat pieteikumu, aprēķiniet, cik lielu ikmēneša maksājumu jūsu
          budžets tiešām izturēs, arī ja ienākumi uz brīdi samazinātos.
        </p>
        ${widget ? `<div class="widget-slot">\n      ${embedSnippet(productOrigin, widget)}\n        </div>` : ''}
        <h2>1. Cik liela ir gada kopējā procentu likme?</h2>
        <p>
          Gada kopējā procentu likme (GPL) ietver ne tikai procentus, bet arī obligātās komisijas un maksas. Tieši
          GPL, nevis nominālā likme, ļauj godīgi salīdzināt dažādu kreditētāju piedāvājumus. Ja divos piedāvājumos
          nominālā likme ir vienāda, bet GPL atšķiras, atšķirību rada maksas, ko viegli nepamanīt.
        </p>
        <h2>2. Kāds termiņš jums izdevīgāks?</h2>
        <p>
          Garāks termiņš samazina ikmēneša maksājumu, taču kopumā jūs samaksāsiet vairāk. Piecu gadu vietā izvēloties
          trīs gadus, maksājums pieaug, bet procentos aiziet ievērojami mazāk naudas. Derīgi salīdzināt vismaz divus
          termiņus ar vienu un to pašu summu.
        </p>
        <h2>3. Vai nepieciešama pirmā iemaksa?</h2>
        <p>
          Daudzi kreditētāji prasa vismaz 10–20 % pirmo iemaksu. Lielāka iemaksa samazina gan aizņēmuma summu, gan
          risku, ka auto vērtība kritīsies straujāk par kredīta atlikumu. Lietotam auto kreditētāji mēdz prasīt
          lielāku iemaksu nekā jaunam.
        </p>
        <h2>4. Kādas ir papildu izmaksas?</h2>
        <p>
          Līguma noformēšanas maksa, KASKO apdrošināšana un ķīlas reģistrācija palielina kredīta cenu. Pajautājiet
          kreditētājam pilnu maksājumu grafiku un pārliecinieties, ka tajā redzamas visas maksas.
        </p>
        <h2>5. Vai kredītu var atmaksāt pirms termiņa?</h2>
        <p>
          Patērētāju kreditēšanas likums ļauj kredītu atmaksāt pirms termiņa, taču kreditētājs var prasīt
          samērīgu kompensāciju. Noskaidrojiet to pirms līguma parakstīšanas, ja plānojat auto pārdot vai
          kredītu refinansēt.
        </p>
        <h2>6. Kā salīdzināt piedāvājumus?</h2>
        <p>
          Iesniedziet pieteikumu vairākiem kreditētājiem vienlaikus un salīdziniet piedāvājumus pēc GPL un kopējās
          atmaksājamās summas. Neparakstiet pirmo piedāvājumu tikai tāpēc, ka tas atnāca ātrāk.
        </p>
      </article>
      <aside>
        <h2>Lasiet arī</h2>
        <ul>
          <li><a href="/">Lietota auto pārbaude: desmit lietas, ko apskatīt pirms pirkuma</a></li>
          <li><a href="/">Līzings vai kredīts: kas izdevīgāks privātpersonai?</a></li>
          <li><a href="/">Elektroauto uzturēšanas izmaksas pēc trim gadiem</a></li>
        </ul>
      </aside>
    </main>
    <footer>© 2026 Autoziņas · <a href="/">Par mums</a> · <a href="/">Privātuma politika</a></footer>
  </body>
</html>
`;
}
