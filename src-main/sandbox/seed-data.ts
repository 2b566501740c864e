// Name lists and phone-number plans for the seeded contacts. Numbers follow each country's
// mobile plan (country code + national number, digits only), so every one is 8..15 digits. A
// plan draws its number as a number, not text: it starts with the country code (never a 0), so
// its digits are the number's and a million of them are drawn without making a million strings;
// the draws are the same as when the plans wrote `${prefix}${digits}` text.

export type Random = () => number;

export interface CountryPlan {
  country: string;
  weight: number;
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** country code + national mobile number, as the number its digits write */
  number(random: Random): number;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** `prefix` followed by `count` random decimal digits (zeros included), as a number; at most 15 digits in all. */
export function digits(random: Random, prefix: number, count: number): number {
  return prefix * 10 ** count + Math.floor(random() * 10 ** count);
}

/** one of `codes` (each `width` digits, leading zeros allowed) after `prefix`, as a number */
function code(random: Random, prefix: number, codes: readonly number[], width: number): number {
  return prefix * 10 ** width + pick(random, codes);
}

export const COUNTRIES: readonly CountryPlan[] = [
  {
    country: 'BR',
    weight: 22,
    firstNames: [
      'Ana',
      'João',
      'Maria',
      'Pedro',
      'Lucas',
      'Juliana',
      'Gabriel',
      'Fernanda',
      'Rafael',
      'Camila',
      'Mateus',
      'Beatriz',
      'Thiago',
      'Letícia',
      'Bruno',
      'Larissa',
    ],
    lastNames: [
      'Souza',
      'Silva',
      'Santos',
      'Oliveira',
      'Pereira',
      'Costa',
      'Rodrigues',
      'Almeida',
      'Nascimento',
      'Lima',
      'Araújo',
      'Ferreira',
      'Carvalho',
      'Gomes',
      'Ribeiro',
    ],
    // 55 + area code + 9 + 8 digits = 13 digits
    number: (r) => digits(r, code(r, 55, [11, 21, 31, 41, 51, 61, 71, 81, 85, 91, 19, 27, 48, 62, 92], 2) * 10 + 9, 8),
  },
  {
    country: 'MX',
    weight: 14,
    firstNames: [
      'José',
      'Guadalupe',
      'Juan',
      'María Fernanda',
      'Luis',
      'Sofía',
      'Carlos',
      'Valeria',
      'Miguel',
      'Ximena',
      'Jorge',
      'Daniela',
      'Alejandro',
      'Regina',
      'Diego',
    ],
    lastNames: [
      'Hernández',
      'García',
      'Martínez',
      'López',
      'González',
      'Pérez',
      'Rodríguez',
      'Sánchez',
      'Ramírez',
      'Cruz',
      'Flores',
      'Gómez',
      'Morales',
      'Vázquez',
      'Reyes',
    ],
    // 52 + 10-digit national number = 12 digits
    number: (r) => {
      const area = pick(r, ['55', '33', '81', '222', '442', '664', '998']);
      return digits(r, 52 * 10 ** area.length + Number(area), 10 - area.length);
    },
  },
  {
    country: 'US',
    weight: 14,
    firstNames: [
      'James',
      'Mary',
      'Michael',
      'Jennifer',
      'Robert',
      'Linda',
      'David',
      'Emily',
      'William',
      'Jessica',
      'Olivia',
      'Ethan',
      'Ashley',
      'Tyler',
      'Madison',
    ],
    lastNames: [
      'Smith',
      'Johnson',
      'Williams',
      'Brown',
      'Jones',
      'Miller',
      'Davis',
      'Wilson',
      'Anderson',
      'Taylor',
      'Thomas',
      'Moore',
      'Jackson',
      'White',
      "O'Brien",
    ],
    // 1 + area code + exchange (2-9 first) + 4 digits = 11 digits
    number: (r) => digits(r, code(r, 1, [212, 305, 312, 415, 512, 617, 702, 718, 206, 404], 3) * 10 + 2 + Math.floor(r() * 8), 6),
  },
  {
    country: 'IN',
    weight: 14,
    firstNames: [
      'Aarav',
      'Priya',
      'Rahul',
      'Ananya',
      'Vikram',
      'Sneha',
      'Arjun',
      'Kavya',
      'Rohan',
      'Diya',
      'Aditya',
      'Isha',
      'Sanjay',
      'Pooja',
      'Karthik',
      'Lakshmi',
    ],
    lastNames: [
      'Sharma',
      'Patel',
      'Singh',
      'Kumar',
      'Gupta',
      'Reddy',
      'Iyer',
      'Nair',
      'Das',
      'Mehta',
      'Joshi',
      'Rao',
      'Chatterjee',
      'Verma',
      'Pillai',
    ],
    // 91 + 10 digits starting 6-9 = 12 digits
    number: (r) => digits(r, 910 + 6 + Math.floor(r() * 4), 9),
  },
  {
    country: 'ES',
    weight: 8,
    firstNames: [
      'Lucía',
      'Hugo',
      'Martina',
      'Pablo',
      'Paula',
      'Álvaro',
      'Carmen',
      'Javier',
      'Elena',
      'Sergio',
      'Nuria',
      'Adrián',
      'Marta',
      'Íñigo',
      'Rocío',
    ],
    lastNames: [
      'García',
      'Fernández',
      'González',
      'Rodríguez',
      'López',
      'Martín',
      'Sánchez',
      'Jiménez',
      'Ruiz',
      'Navarro',
      'Moreno',
      'Muñoz',
      'Romero',
      'Alonso',
      'Gutiérrez',
    ],
    // 34 + 9 digits starting 6 or 7 = 11 digits
    number: (r) => digits(r, code(r, 34, [6, 7], 1), 8),
  },
  {
    country: 'NG',
    weight: 8,
    firstNames: [
      'Chinedu',
      'Ngozi',
      'Oluwaseun',
      'Aisha',
      'Emeka',
      'Funmilayo',
      'Ibrahim',
      'Chiamaka',
      'Tunde',
      'Amina',
      'Obinna',
      'Yetunde',
      'Musa',
      'Adaeze',
      'Segun',
    ],
    lastNames: [
      'Okafor',
      'Adeyemi',
      'Bello',
      'Okonkwo',
      'Ogunleye',
      'Eze',
      'Abubakar',
      'Nwosu',
      'Adebayo',
      'Ibrahim',
      'Olawale',
      'Chukwu',
      'Balogun',
      'Danjuma',
      'Onyeka',
    ],
    // 234 + operator prefix + 7 digits = 13 digits
    number: (r) => digits(r, code(r, 234, [803, 806, 813, 816, 703, 706, 805, 807, 905, 901, 802, 808], 3), 7),
  },
  {
    country: 'ID',
    weight: 10,
    firstNames: [
      'Budi',
      'Siti',
      'Agus',
      'Dewi',
      'Rizky',
      'Putri',
      'Andi',
      'Sri',
      'Wahyu',
      'Ayu',
      'Fajar',
      'Rina',
      'Hendra',
      'Nur',
      'Dimas',
    ],
    lastNames: [
      'Santoso',
      'Wijaya',
      'Saputra',
      'Hidayat',
      'Pratama',
      'Nugroho',
      'Kusuma',
      'Setiawan',
      'Halim',
      'Gunawan',
      'Siregar',
      'Lubis',
      'Wibowo',
      'Susanto',
      'Purnomo',
    ],
    // 62 + 8xx + 7 or 8 digits = 12 or 13 digits
    number: (r) => {
      const prefix = code(r, 628, [11, 12, 13, 21, 22, 52, 53, 57, 77, 78, 95, 96, 81, 82], 2);
      return digits(r, prefix, 7 + Math.floor(r() * 2));
    },
  },
  {
    country: 'CO',
    weight: 5,
    firstNames: ['Santiago', 'Valentina', 'Sebastián', 'Isabella', 'Andrés', 'Mariana', 'Felipe', 'Catalina', 'Juan Pablo', 'Laura'],
    lastNames: ['Restrepo', 'Gómez', 'Rodríguez', 'Vargas', 'Castaño', 'Ospina', 'Muñoz', 'Jaramillo', 'Correa', 'Arango'],
    // 57 + 3xx + 7 digits = 12 digits
    number: (r) => digits(r, code(r, 573, [0, 1, 10, 12, 15, 20, 22], 2), 7),
  },
  {
    country: 'PH',
    weight: 5,
    firstNames: ['Jose', 'Maria Clara', 'Mark', 'Angelica', 'John Paul', 'Kristine', 'Paolo', 'Bea', 'Rommel', 'Joy'],
    lastNames: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Villanueva', 'Dela Cruz'],
    // 63 + 9xx + 7 digits = 12 digits
    number: (r) => digits(r, code(r, 639, [17, 18, 19, 27, 28, 55, 66, 77], 2), 7),
  },
];

export const TAGS: readonly string[] = ['vip', 'lead', 'customer', 'newsletter', 'support', 'wholesale', 'inactive'];

/** RFC 2606 domains: nothing seeded can reach a real mailbox. */
export const EMAIL_DOMAINS: readonly string[] = ['example.com', 'example.net', 'example.org'];
