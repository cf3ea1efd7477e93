import { describe, expect, it } from 'vitest';
import { calculate, formatNumber, formulasIn, quantitiesIn } from './calculation.js';

describe('quantitiesIn', () => {
  it('reads numbers with known units, in SI units', () => {
    const read = (text: string) => quantitiesIn(text).map(({ quantity, value }) => [quantity, value]);
    expect(read('the voltage across 10 ohm at 2 A?')).toEqual([
      ['resistance', 10],
      ['current', 2],
    ]);
    expect(read('a 4 kΩ resistor at 12 V and 250 mA')).toEqual([
      ['resistance', 4000],
      ['voltage', 12],
      ['current', 0.25],
    ]);
    expect(read('1,500 W for 2.5 seconds at 9.8 m/s².')).toEqual([
      ['power', 1500],
      ['time', 2.5],
      ['acceleration', 9.8],
    ]);
  });

  it('reads no unit from ordinary words or lower-case letters', () => {
    expect(quantitiesIn('I eat 2 apples a day, 3 a week, in 1789 and 2 a')).toEqual([]);
  });
});

describe('formulasIn', () => {
  it('finds formulas of three well-known quantities', () => {
    const found = (text: string) => formulasIn(text).map((formula) => formula.text);
    expect(found('It says V = I × R.')).toEqual(['V = I × R']);
    expect(found('V = I x R, F = m*a and I = V / R; also V = IR.')).toEqual([
      'V = I × R',
      'F = m × a',
      'I = V / R',
      'V = I × R',
    ]);
  });

  it('ignores other equations', () => {
    expect(formulasIn('a² + b² = c², A = πr², x = -3, ax + b = 0, y = m x c, Q = I t')).toEqual([]);
  });
});

describe('calculate', () => {
  const OHM = 'Ohm’s law: V = I × R.';

  it('works out the quantity asked for from the two given', () => {
    expect(calculate('what is the voltage across 10 ohm at 2 A?', OHM)).toEqual({
      formula: 'V = I × R',
      working: 'V = 2 A × 10 Ω = 20 V',
      written: 'V = I × R',
    });
    expect(calculate('What current flows through 10 Ω at 5 V?', OHM)?.working).toBe('I = 5 V ÷ 10 Ω = 0.5 A');
    expect(calculate('Which resistance draws 3 A at 12 V?', OHM)?.working).toBe('R = 12 V ÷ 3 A = 4 Ω');
    expect(calculate('What force gives 2 kg an acceleration of 3 m/s²?', 'F = m × a')?.working).toBe(
      'F = 2 kg × 3 m/s² = 6 N',
    );
    expect(calculate('How long does it take to cover 100 m at 5 m/s?', 'v = d / t')?.working).toBe(
      't = 100 m ÷ 5 m/s = 20 s',
    );
    expect(calculate('What is the speed over 100 m in 20 s?', 'v = d / t')?.working).toBe(
      'v = 100 m ÷ 20 s = 5 m/s',
    );
  });

  it('works out nothing when anything is unclear', () => {
    // The quantity asked for is not named.
    expect(calculate('What about 10 ohm at 2 A?', OHM)).toBeNull();
    // A quantity given twice, one missing, or one the formula does not use.
    expect(calculate('What is the voltage at 2 A and 3 A?', OHM)).toBeNull();
    expect(calculate('What is the voltage at 2 A?', OHM)).toBeNull();
    expect(calculate('What is the voltage at 2 A, 10 ohm and 5 s?', OHM)).toBeNull();
    // No formula of known quantities.
    expect(
      calculate('What is the voltage across 10 ohm at 2 A?', 'Voltage is measured in volts.'),
    ).toBeNull();
    // Division by zero.
    expect(calculate('What current flows through 0 ohm at 5 V?', OHM)).toBeNull();
  });

  it('writes numbers with at most four significant digits', () => {
    expect(formatNumber(20)).toBe('20');
    expect(formatNumber(1 / 3)).toBe('0.3333');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
  });
});
