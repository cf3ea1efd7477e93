import { quantitiesIn } from './calculation.js';

/**
 * Words that say how a student asks, not what they ask about: question and request words, vague
 * verbs, fillers and politeness, with their usual inflections (the grammatical words, such as
 * what, how, you and the, are PostgreSQL's English stop words, below). A question
 * whose remaining words a passage does not hold is not answered by that passage: "Can you explain
 * how photosynthesis works?" is about photosynthesis only, and a passage saying "explain" or
 * "work" is no answer to it.
 */
const QUESTION_STOP_WORDS: ReadonlySet<string> = new Set(
  `
  explain explains explained explaining explanation describe describes described description define
  defines defined definition tell tells told show shows showed shown give gives gave given list name
  state mention mentioned discuss elaborate clarify clarified summarise summarize summary outline
  help helps please pls plz thank thanks thankyou sorry kindly hi hello hey dear sir madam maam mam
  miss teacher ok okay yes yeah yep
  know knows knew known understand understanding understood learn learnt learned learning study
  studying remember forget forgot confused confusing confuse doubt doubts question questions answer
  answers topic topics chapter chapters lesson lessons class notes note book page
  mean means meant meaning meanings happen happens happened happening occur occurs occurred cause
  causes caused reason reasons purpose role roles job jobs importance important significance
  work works worked working use uses used using make makes made making do does did done doing get
  gets got getting go goes went going come comes came take takes took taken put puts keep keeps kept
  let lets say says said see sees saw seen look looks looked looking find finds found try tries tried
  need needs needed want wants wanted think thinks thought call calls called named start starts
  started begin begins began happen relate relates related relation relationship connected connection
  affect affects affected
  unit units value values amount amounts property properties feature features characteristic
  characteristics advantage advantages disadvantage disadvantages benefit benefits effect effects
  part parts step steps method methods result results approximately roughly approx exact
  thing things something anything everything nothing someone anyone everyone somebody anybody way
  ways kind kinds type types sort example examples eg ie etc formula formulas formulae fact facts
  detail details info information idea ideas concept concepts process basic basics simple simply
  difference differences different differ differs between compare comparison similar same
  many much more most less least lot lots few several various every each whole
  also really actually exactly just even still already yet always never ever often sometimes usually
  generally mainly mostly quite rather very too so such well better best good bad easy hard maybe
  perhaps anyway however therefore thus hence since whether unless although though else
  would could should might may must shall will can cannot cant wont dont doesnt didnt isnt arent
  im ive id youre whats hows whys whos wheres whens thats theres
  us me my mine our ours your yours their theirs one ones like around regarding towards within
  without across along among upon onto inside outside near
  times
  `
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * PostgreSQL's English stop words (`english.stop`), which `to_tsvector('english', …)` drops too:
 * listed here so the words this module keeps are exactly the ones a passage must hold.
 */
const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `
  i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she
  her hers herself it its itself they them their theirs themselves what which who whom this that
  these those am is are was were be been being have has had having do does did doing a an the and
  but if or because as until while of at by for with about against between into through during
  before after above below to from up down in out on off over under again further then once here
  there when where why how all any both each few more most other some such no nor not only own same
  so than too very s t can will just don should now
  `
    .split(/\s+/)
    .filter(Boolean),
);

// A word of the question: letters and digits (an apostrophe splits "what's" into "what" and "s").
const WORD = /[\p{L}\p{N}]+/gu;
// Bare numbers of one or two digits are values, not subjects (a year such as 1789 is a subject);
// a single Latin letter is a variable or an initial ("x", "a").
const SHORT_NUMBER = /^\p{N}{1,2}$/u;
const SINGLE_LETTER = /^[a-z]$/;

/**
 * The words of a question that must be found in a passage for it to answer the question: every
 * word but the stop words (the question's and PostgreSQL's), short numbers and the numbers given
 * with a unit (the values of a calculation, such as "10 ohm" and "2 A"), lower-cased, each once.
 * PostgreSQL then stems them into the lexemes a passage is matched on.
 */
export function meaningfulWords(question: string): string[] {
  let text = question;
  for (const quantity of quantitiesIn(question)) text = text.replace(quantity.match, ' ');
  const words = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    if (QUESTION_STOP_WORDS.has(word) || ENGLISH_STOP_WORDS.has(word)) continue;
    if (SHORT_NUMBER.test(word) || SINGLE_LETTER.test(word)) continue;
    words.add(word);
  }
  return [...words];
}
