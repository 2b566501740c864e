// The seed's name lists and number plans as they were (numbers written as text), for legacy-seed.ts.
// Name lists and phone-number plans for the seeded contacts. Numbers follow each country's
// mobile plan (country code + national number, digits only), so every one is 8..15 digits.

export type Random = () => number;

export interface CountryPlan {
  country: string;
  weight: number;
  firstNames: readonly string[];
  lastNames: readonly string[];
  /** country code + national mobile number, digits only */
  number(random: Random): string;
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** `count` (<= 15) random decimal digits. */
export function digits(random: Random, count: number): string {
  return String(Math.floor(random() * 10 ** count)).padStart(count, '0');
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
    number: (r) =>
      `55${pick(r, ['11', '21', '31', '41', '51', '61', '71', '81', '85', '91', '19', '27', '48', '62', '92'])}9${digits(r, 8)}`,
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
      return `52${area}${digits(r, 10 - area.length)}`;
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
    number: (r) =>
      `1${pick(r, ['212', '305', '312', '415', '512', '617', '702', '718', '206', '404'])}${2 + Math.floor(r() * 8)}${digits(r, 6)}`,
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
    number: (r) => `91${6 + Math.floor(r() * 4)}${digits(r, 9)}`,
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
    number: (r) => `34${pick(r, ['6', '7'])}${digits(r, 8)}`,
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
    number: (r) => `234${pick(r, ['803', '806', '813', '816', '703', '706', '805', '807', '905', '901', '802', '808'])}${digits(r, 7)}`,
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
    number: (r) =>
      `628${pick(r, ['11', '12', '13', '21', '22', '52', '53', '57', '77', '78', '95', '96', '81', '82'])}${digits(r, 7 + Math.floor(r() * 2))}`,
  },
  {
    country: 'CO',
    weight: 5,
    firstNames: ['Santiago', 'Valentina', 'Sebastián', 'Isabella', 'Andrés', 'Mariana', 'Felipe', 'Catalina', 'Juan Pablo', 'Laura'],
    lastNames: ['Restrepo', 'Gómez', 'Rodríguez', 'Vargas', 'Castaño', 'Ospina', 'Muñoz', 'Jaramillo', 'Correa', 'Arango'],
    // 57 + 3xx + 7 digits = 12 digits
    number: (r) => `573${pick(r, ['00', '01', '10', '12', '15', '20', '22'])}${digits(r, 7)}`,
  },
  {
    country: 'PH',
    weight: 5,
    firstNames: ['Jose', 'Maria Clara', 'Mark', 'Angelica', 'John Paul', 'Kristine', 'Paolo', 'Bea', 'Rommel', 'Joy'],
    lastNames: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Villanueva', 'Dela Cruz'],
    // 63 + 9xx + 7 digits = 12 digits
    number: (r) => `639${pick(r, ['17', '18', '19', '27', '28', '55', '66', '77'])}${digits(r, 7)}`,
  },
];

export const TAGS: readonly string[] = ['vip', 'lead', 'customer', 'newsletter', 'support', 'wholesale', 'inactive'];

/** RFC 2606 domains: nothing seeded can reach a real mailbox. */
export const EMAIL_DOMAINS: readonly string[] = ['example.com', 'example.net', 'example.org'];
