// The seed's number plans as they were (numbers written as text), for legacy-seed.ts. The name
// lists, weights, tags and e-mail domains are the product's own (src-main/sandbox/seed-data.ts):
// they never changed, and the reference must draw from the same lists to answer like the columns.
import { COUNTRIES as SEED_COUNTRIES, pick } from '../../../../src-main/sandbox/seed-data';
import type { CountryPlan as SeedCountryPlan, Random } from '../../../../src-main/sandbox/seed-data';
export { EMAIL_DOMAINS, TAGS, pick, type Random } from '../../../../src-main/sandbox/seed-data';

/** a country as the seed draws it, its number written as text */
export interface CountryPlan extends Omit<SeedCountryPlan, 'number'> {
  /** country code + national mobile number, digits only */
  number(random: Random): string;
}

/** `count` (<= 15) random decimal digits. */
export function digits(random: Random, count: number): string {
  return String(Math.floor(random() * 10 ** count)).padStart(count, '0');
}

/** each country's mobile plan as it drew text */
const TEXT_PLANS: Readonly<Record<string, (r: Random) => string>> = {
  // 55 + area code + 9 + 8 digits = 13 digits
  BR: (r) => `55${pick(r, ['11', '21', '31', '41', '51', '61', '71', '81', '85', '91', '19', '27', '48', '62', '92'])}9${digits(r, 8)}`,
  // 52 + 10-digit national number = 12 digits
  MX: (r) => {
    const area = pick(r, ['55', '33', '81', '222', '442', '664', '998']);
    return `52${area}${digits(r, 10 - area.length)}`;
  },
  // 1 + area code + exchange (2-9 first) + 4 digits = 11 digits
  US: (r) => `1${pick(r, ['212', '305', '312', '415', '512', '617', '702', '718', '206', '404'])}${2 + Math.floor(r() * 8)}${digits(r, 6)}`,
  // 91 + 10 digits starting 6-9 = 12 digits
  IN: (r) => `91${6 + Math.floor(r() * 4)}${digits(r, 9)}`,
  // 34 + 9 digits starting 6 or 7 = 11 digits
  ES: (r) => `34${pick(r, ['6', '7'])}${digits(r, 8)}`,
  // 234 + operator prefix + 7 digits = 13 digits
  NG: (r) => `234${pick(r, ['803', '806', '813', '816', '703', '706', '805', '807', '905', '901', '802', '808'])}${digits(r, 7)}`,
  // 62 + 8xx + 7 or 8 digits = 12 or 13 digits
  ID: (r) => {
    const prefix = pick(r, ['11', '12', '13', '21', '22', '52', '53', '57', '77', '78', '95', '96', '81', '82']);
    return `628${prefix}${digits(r, 7 + Math.floor(r() * 2))}`;
  },
  // 57 + 3xx + 7 digits = 12 digits
  CO: (r) => `573${pick(r, ['00', '01', '10', '12', '15', '20', '22'])}${digits(r, 7)}`,
  // 63 + 9xx + 7 digits = 12 digits
  PH: (r) => `639${pick(r, ['17', '18', '19', '27', '28', '55', '66', '77'])}${digits(r, 7)}`,
};

export const COUNTRIES: readonly CountryPlan[] = SEED_COUNTRIES.map((plan) => {
  const number = TEXT_PLANS[plan.country];
  if (number === undefined) throw new Error(`no text number plan for ${plan.country}`);
  return { country: plan.country, weight: plan.weight, firstNames: plan.firstNames, lastNames: plan.lastNames, number };
});
