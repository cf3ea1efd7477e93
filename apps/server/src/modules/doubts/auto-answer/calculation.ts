/**
 * Simple calculations for the search answer: when the best passages state a formula of three
 * quantities (`V = I × R`, `F = m × a`, `I = V / R`) and the question gives two of them with
 * their units and names the third ("what is the voltage across 10 ohm at 2 A?"), the answer works
 * the third out. Only well-known symbols and units count, and anything ambiguous (a symbol or
 * unit not in the tables, a quantity given twice, the third quantity not named) means no
 * calculation: the answer then leads with the most relevant sentence instead.
 */

interface Quantity {
  /** Formula symbols standing for it. */
  symbols: readonly string[];
  /** Words in a question that ask for it. */
  names: readonly string[];
  /** The SI unit's symbol, used in the working. */
  unit: string;
  /** Units written after a number: exact symbols (case matters: A is amperes, a is not). */
  unitSymbols: readonly string[];
  /** Units spelt out (any case). */
  unitWords: readonly string[];
  /** Whether SI prefixes (k, M, m) may precede the unit symbol (kΩ, mA). */
  prefixes: boolean;
}

const QUANTITIES = {
  voltage: {
    symbols: ['V'],
    names: ['voltage', 'potential difference', 'volts'],
    unit: 'V',
    unitSymbols: ['V'],
    unitWords: ['volt', 'volts'],
    prefixes: true,
  },
  current: {
    symbols: ['I'],
    names: ['current', 'amps', 'amperes'],
    unit: 'A',
    unitSymbols: ['A'],
    unitWords: ['amp', 'amps', 'ampere', 'amperes'],
    prefixes: true,
  },
  resistance: {
    symbols: ['R'],
    names: ['resistance', 'ohms'],
    unit: 'Ω',
    unitSymbols: ['Ω'],
    unitWords: ['ohm', 'ohms'],
    prefixes: true,
  },
  power: {
    symbols: ['P'],
    names: ['power', 'watts'],
    unit: 'W',
    unitSymbols: ['W'],
    unitWords: ['watt', 'watts'],
    prefixes: true,
  },
  force: {
    symbols: ['F'],
    names: ['force', 'newtons'],
    unit: 'N',
    unitSymbols: ['N'],
    unitWords: ['newton', 'newtons'],
    prefixes: true,
  },
  mass: {
    symbols: ['m'],
    names: ['mass'],
    unit: 'kg',
    unitSymbols: ['kg'],
    unitWords: ['kilogram', 'kilograms', 'kilogramme', 'kilogrammes'],
    prefixes: false,
  },
  acceleration: {
    symbols: ['a'],
    names: ['acceleration'],
    unit: 'm/s²',
    unitSymbols: ['m/s²', 'm/s^2', 'm/s2', 'ms-2', 'ms⁻²'],
    unitWords: [],
    prefixes: false,
  },
  speed: {
    symbols: ['v'],
    names: ['speed', 'velocity'],
    unit: 'm/s',
    unitSymbols: ['m/s', 'ms-1', 'ms⁻¹'],
    unitWords: [],
    prefixes: false,
  },
  distance: {
    symbols: ['d'],
    names: ['distance'],
    unit: 'm',
    unitSymbols: ['m'],
    unitWords: ['metre', 'metres', 'meter', 'meters'],
    prefixes: false,
  },
  time: {
    symbols: ['t'],
    names: ['time', 'how long'],
    unit: 's',
    unitSymbols: ['s'],
    unitWords: ['second', 'seconds'],
    prefixes: false,
  },
} as const satisfies Record<string, Quantity>;

type QuantityName = keyof typeof QUANTITIES;

const PREFIXES: Record<string, number> = { k: 1e3, M: 1e6, m: 1e-3 };

interface UnitReading {
  quantity: QuantityName;
  factor: number;
}

/** Every way a unit may be written after a number, to its quantity and factor to SI. */
const UNIT_READINGS: ReadonlyMap<string, UnitReading> = (() => {
  const readings = new Map<string, UnitReading>();
  for (const [name, quantity] of Object.entries(QUANTITIES) as [QuantityName, Quantity][]) {
    for (const symbol of quantity.unitSymbols) {
      readings.set(symbol, { quantity: name, factor: 1 });
      if (!quantity.prefixes) continue;
      for (const [prefix, factor] of Object.entries(PREFIXES)) {
        readings.set(`${prefix}${symbol}`, { quantity: name, factor });
      }
    }
    for (const word of quantity.unitWords) readings.set(word, { quantity: name, factor: 1 });
  }
  return readings;
})();

// A number and the unit right after it ("10 ohm", "2A", "9.8 m/s²", "1,500 W").
const NUMBER_WITH_UNIT = /(?<![\p{L}\p{N}.])(\d+(?:,\d{3})*(?:\.\d+)?)\s?([\p{L}Ω][\p{L}Ω/^\d⁻¹²-]*)/gu;

/** A value the question gives, in SI units, and the text it was read from. */
export interface GivenQuantity {
  quantity: QuantityName;
  value: number;
  match: string;
}

function unitReading(unit: string): UnitReading | undefined {
  return UNIT_READINGS.get(unit) ?? UNIT_READINGS.get(unit.toLowerCase());
}

/** The numbers of the question written with a known unit, in SI units. */
export function quantitiesIn(question: string): GivenQuantity[] {
  const given: GivenQuantity[] = [];
  for (const match of question.matchAll(NUMBER_WITH_UNIT)) {
    const [whole, digits, rawUnit] = match as unknown as [string, string, string];
    // "9.8 m/s²." or "10 ohm," : trailing punctuation is not part of the unit.
    const unit = rawUnit.replace(/[-/^]+$/, '');
    const exact = UNIT_READINGS.get(unit);
    // Spelt-out units in any case; symbols only as written (so "2 a" is no acceleration).
    const reading = exact ?? (unit.length > 2 ? unitReading(unit) : undefined);
    if (!reading) continue;
    const value = Number(digits.replaceAll(',', '')) * reading.factor;
    if (!Number.isFinite(value)) continue;
    given.push({ quantity: reading.quantity, value, match: whole });
  }
  return given;
}

const SYMBOL_QUANTITY: ReadonlyMap<string, QuantityName> = new Map(
  (Object.entries(QUANTITIES) as [QuantityName, Quantity][]).flatMap(([name, quantity]) =>
    quantity.symbols.map((symbol) => [symbol, name] as const),
  ),
);

type Operator = '×' | '/';

/** A formula of three quantities found in a passage: `result = left op right`. */
interface Formula {
  /** As the answer writes it ("V = I × R"). */
  text: string;
  /** As the passage wrote it ("V = I x R"). */
  written: string;
  result: QuantityName;
  left: QuantityName;
  right: QuantityName;
  operator: Operator;
  symbols: [string, string, string];
}

// "V = I × R", "V = I x R", "F = m*a", "I = V / R", "V = IR".
const FORMULA = /(?<![\p{L}\p{N}])(\p{L})\s*=\s*(\p{L})\s*(?:([×x*·/÷])\s*)?(\p{L})(?![\p{L}\p{N}(²^])/gu;

/** The formulas of three known quantities a text states, in order. */
export function formulasIn(text: string): Formula[] {
  const formulas: Formula[] = [];
  for (const match of text.matchAll(FORMULA)) {
    const [whole, resultSymbol, leftSymbol, rawOperator, rightSymbol] = match as unknown as [
      string,
      string,
      string,
      string | undefined,
      string,
    ];
    // "V = IR" needs the two letters side by side; "V = I R" is no formula.
    if (!rawOperator && !/=\s*\p{L}\p{L}/u.test(whole)) continue;
    const result = SYMBOL_QUANTITY.get(resultSymbol);
    const left = SYMBOL_QUANTITY.get(leftSymbol);
    const right = SYMBOL_QUANTITY.get(rightSymbol);
    if (!result || !left || !right || new Set([result, left, right]).size < 3) continue;
    const operator: Operator = rawOperator === '/' || rawOperator === '÷' ? '/' : '×';
    formulas.push({
      text: `${resultSymbol} = ${leftSymbol} ${operator === '/' ? '/' : '×'} ${rightSymbol}`,
      written: whole,
      result,
      left,
      right,
      operator,
      symbols: [resultSymbol, leftSymbol, rightSymbol],
    });
  }
  return formulas;
}

/** A number for people: at most four significant digits, no trailing zeros. */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(4)));
}

const asked = (question: string, quantity: QuantityName) => {
  const lower = question.toLowerCase();
  return QUANTITIES[quantity].names.some((name) => new RegExp(`\\b${name}\\b`, 'u').test(lower));
};

/** The worked result: the formula used and its working, e.g. `V = 2 A × 10 Ω = 20 V`. */
export interface Calculation {
  formula: string;
  working: string;
  /** The formula as the text writes it, to find the sentence stating it. */
  written: string;
}

/**
 * Works out the quantity the question asks for from a formula of `text`, when the question gives
 * the formula's other two quantities (each once) and names the one asked for; null otherwise.
 */
export function calculate(question: string, text: string): Calculation | null {
  const given = new Map<QuantityName, number>();
  for (const quantity of quantitiesIn(question)) {
    if (given.has(quantity.quantity)) return null;
    given.set(quantity.quantity, quantity.value);
  }
  if (given.size < 2) return null;
  for (const formula of formulasIn(text)) {
    const roles = [formula.result, formula.left, formula.right];
    const unknown = roles.filter((quantity) => !given.has(quantity));
    const extra = [...given.keys()].filter((quantity) => !roles.includes(quantity));
    if (unknown.length !== 1 || extra.length > 0) continue;
    const wanted = unknown[0]!;
    if (!asked(question, wanted)) continue;
    const worked = solve(formula, given, wanted);
    if (worked) return { formula: formula.text, working: worked, written: formula.written };
  }
  return null;
}

const show = (quantity: QuantityName, value: number) => `${formatNumber(value)} ${QUANTITIES[quantity].unit}`;

function solve(formula: Formula, given: Map<QuantityName, number>, wanted: QuantityName): string | null {
  const [resultSymbol, leftSymbol, rightSymbol] = formula.symbols;
  const { result, left, right } = formula;
  const value = (quantity: QuantityName) => given.get(quantity)!;
  const times = formula.operator === '×';
  let answer: number;
  let working: string;
  if (wanted === result) {
    answer = times ? value(left) * value(right) : value(left) / value(right);
    working = `${resultSymbol} = ${show(left, value(left))} ${times ? '×' : '÷'} ${show(right, value(right))}`;
  } else if (wanted === left) {
    // result = left × right → left = result ÷ right; result = left ÷ right → left = result × right.
    answer = times ? value(result) / value(right) : value(result) * value(right);
    working = `${leftSymbol} = ${show(result, value(result))} ${times ? '÷' : '×'} ${show(right, value(right))}`;
  } else {
    // result = left × right → right = result ÷ left; result = left ÷ right → right = left ÷ result.
    answer = times ? value(result) / value(left) : value(left) / value(result);
    working = times
      ? `${rightSymbol} = ${show(result, value(result))} ÷ ${show(left, value(left))}`
      : `${rightSymbol} = ${show(left, value(left))} ÷ ${show(result, value(result))}`;
  }
  if (!Number.isFinite(answer)) return null;
  return `${working} = ${show(wanted, answer)}`;
}
