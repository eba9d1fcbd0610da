/**
 * Demo pictures drawn locally (no network): a few flat illustrations in the product's colour, as
 * 800 x 800 SVG. View 0 is the whole object on a soft backdrop; view 1 is a closer look (the same
 * drawing enlarged around its most telling part) on a warmer backdrop.
 */

/**
 * Each drawing and the demo items it plainly shows. An item no drawing shows gets the neutral
 * parcel rather than a neighbour's picture (an umbrella drawn as a backpack misleads a buyer).
 */
export const PICTURES = {
  backpack: ["Laptop Backpack"],
  books: [
    "Engineering Mathematics Textbook",
    "Organic Chemistry Notes",
    "Introduction to Algorithms",
    "Urdu Poetry Collection",
    "Principles of Economics",
    "IELTS Preparation Guide",
    "Data Structures in C++",
  ],
  shirt: ["University Hoodie", "Cotton Kurta", "Denim Jacket", "Formal Dress Shirt", "Sports Track Suit"],
  cosmetics: [
    "Matte Lipstick",
    "Sunscreen SPF 50",
    "Herbal Face Wash",
    "Kajal Eyeliner",
    "Hair Oil Blend",
    "Nail Polish Set",
    "Moisturising Cream",
  ],
  laptop: ["Laptop Cooling Pad"],
  chair: ["Ergonomic Desk Chair"],
  jewellery: [
    "Silver Hoop Earrings",
    "Gold-Plated Bracelet",
    "Diamond Earrings",
    "Beaded Necklace",
    "Kundan Jhumkas",
    "Minimal Ring Set",
    "Charm Anklet",
  ],
  cricket: ["Cricket Bat"],
  notebook: ["A4 Spiral Notebook Pack", "Gel Pen Set", "Highlighter Pack", "Drawing Sketchbook", "Sticky Notes Bundle"],
  parcel: [],
} satisfies Record<string, readonly string[]>;

export type PictureKind = keyof typeof PICTURES;

/** The drawing a demo item gets: the one that shows it, else the neutral parcel. */
export function pictureFor(name: string): PictureKind {
  const kind = (Object.keys(PICTURES) as PictureKind[]).find((k) => (PICTURES[k] as readonly string[]).includes(name));
  return kind ?? "parcel";
}

/** Where a close-up shows something the whole picture does not (screen, fabric, stone); each picture costs seeding time. */
const CLOSE_UPS: ReadonlySet<PictureKind> = new Set(["laptop", "shirt", "jewellery"]);

/** How many pictures a demo listing with this drawing gets. */
export const viewsFor = (kind: PictureKind): number => (CLOSE_UPS.has(kind) ? 2 : 1);

/** `#rrggbb` mixed towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const channel = (i: number) => {
    const value = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
    return Math.round(value + (target - value) * Math.abs(amount))
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

/** The object, drawn in a 800 x 800 box around (400, 400), in colour `c` with its shades. */
function drawing(kind: PictureKind, c: string): string {
  const dark = shade(c, -0.35);
  const light = shade(c, 0.45);
  switch (kind) {
    case "backpack":
      return `<path d="M320 230 q80 -90 160 0" fill="none" stroke="${dark}" stroke-width="26" stroke-linecap="round"/>
  <rect x="230" y="220" width="340" height="400" rx="90" fill="${c}"/>
  <rect x="275" y="430" width="250" height="160" rx="40" fill="${dark}"/>
  <rect x="300" y="455" width="200" height="14" rx="7" fill="${light}"/>
  <rect x="270" y="270" width="260" height="120" rx="50" fill="${light}" opacity="0.35"/>
  <circle cx="400" cy="330" r="14" fill="${dark}"/>`;
    case "books": // a stack of three books
      return `<rect x="210" y="500" width="380" height="90" rx="10" fill="${dark}"/>
  <rect x="232" y="512" width="336" height="14" fill="#fdfbf5"/>
  <rect x="240" y="405" width="330" height="90" rx="10" fill="${c}"/>
  <rect x="262" y="417" width="290" height="14" fill="#fdfbf5"/>
  <rect x="225" y="310" width="350" height="90" rx="10" fill="${light}"/>
  <rect x="247" y="322" width="308" height="14" fill="#fdfbf5"/>
  <rect x="290" y="352" width="150" height="20" rx="10" fill="${dark}" opacity="0.6"/>
  <rect x="300" y="445" width="110" height="20" rx="10" fill="#ffffff" opacity="0.7"/>
  <path d="M520 310 v90 l-20 -18 l-20 18 v-90z" fill="${dark}"/>`;
    case "shirt": // a t-shirt
      return `<path d="M310 200 q90 70 180 0 l150 70 l-50 120 l-60 -30 v260 h-260 v-260 l-60 30 l-50 -120z" fill="${c}"/>
  <path d="M345 205 q55 45 110 0" fill="none" stroke="${dark}" stroke-width="16" stroke-linecap="round"/>
  <path d="M270 395 l-60 30 l-50 -120 l20 -10 l45 110z" fill="${dark}" opacity="0.35"/>
  <rect x="430" y="300" width="60" height="50" rx="8" fill="${light}" opacity="0.8"/>`;
    case "cosmetics": // a bottle and a lipstick
      return `<rect x="260" y="300" width="180" height="300" rx="40" fill="${c}"/>
  <rect x="300" y="240" width="100" height="70" rx="12" fill="${dark}"/>
  <rect x="285" y="400" width="130" height="110" rx="16" fill="#ffffff" opacity="0.85"/>
  <rect x="305" y="430" width="90" height="14" rx="7" fill="${c}"/>
  <rect x="305" y="460" width="60" height="12" rx="6" fill="${light}"/>
  <rect x="480" y="420" width="80" height="180" rx="14" fill="${dark}"/>
  <rect x="490" y="350" width="60" height="80" rx="8" fill="${c}"/>
  <path d="M490 350 l0 -50 q30 -30 60 10 l0 40z" fill="${light}"/>`;
    case "laptop":
      return `<rect x="220" y="230" width="360" height="250" rx="18" fill="${dark}"/>
  <rect x="240" y="250" width="320" height="210" rx="8" fill="#dfe9f5"/>
  <rect x="262" y="272" width="170" height="22" rx="6" fill="${c}"/>
  <rect x="262" y="310" width="276" height="14" rx="7" fill="${light}"/>
  <rect x="262" y="336" width="220" height="14" rx="7" fill="${light}"/>
  <rect x="262" y="372" width="120" height="66" rx="8" fill="${c}" opacity="0.7"/>
  <path d="M170 490 h460 l-30 60 h-400z" fill="${c}"/>
  <rect x="360" y="500" width="80" height="12" rx="6" fill="${dark}"/>`;
    case "chair":
      return `<rect x="285" y="180" width="230" height="230" rx="40" fill="${c}"/>
  <rect x="310" y="205" width="180" height="180" rx="28" fill="${light}" opacity="0.35"/>
  <rect x="250" y="400" width="300" height="70" rx="24" fill="${dark}"/>
  <rect x="275" y="470" width="26" height="150" rx="10" fill="${dark}"/>
  <rect x="499" y="470" width="26" height="150" rx="10" fill="${dark}"/>
  <rect x="340" y="470" width="20" height="120" rx="8" fill="${shade(c, -0.55)}"/>
  <rect x="440" y="470" width="20" height="120" rx="8" fill="${shade(c, -0.55)}"/>`;
    case "jewellery": // a ring with a stone and a pendant
      return `<circle cx="360" cy="450" r="130" fill="none" stroke="${c}" stroke-width="36"/>
  <circle cx="360" cy="450" r="112" fill="none" stroke="${light}" stroke-width="6" opacity="0.7"/>
  <path d="M360 260 l45 40 l-45 60 l-45 -60z" fill="${light}" stroke="${dark}" stroke-width="8" stroke-linejoin="round"/>
  <path d="M520 200 q40 140 0 230" fill="none" stroke="${dark}" stroke-width="6"/>
  <path d="M580 200 q-40 140 0 230" fill="none" stroke="${dark}" stroke-width="6"/>
  <circle cx="550" cy="450" r="34" fill="${c}" stroke="${dark}" stroke-width="8"/>`;
    case "cricket": // a cricket ball and a bat
      return `<path d="M470 190 l40 40 l-190 300 l-50 -30z" fill="${shade("#d9b77a", 0)}"/>
  <rect x="470" y="150" width="30" height="90" rx="10" transform="rotate(35 485 195)" fill="${dark}"/>
  <circle cx="440" cy="500" r="110" fill="${c}"/>
  <path d="M365 420 q75 80 150 160" fill="none" stroke="#ffffff" stroke-width="10" stroke-dasharray="14 12" opacity="0.9"/>
  <path d="M385 400 q75 80 150 160" fill="none" stroke="#ffffff" stroke-width="10" stroke-dasharray="14 12" opacity="0.9"/>
  <circle cx="405" cy="460" r="30" fill="${light}" opacity="0.35"/>`;
    case "notebook": // a spiral notebook and a pencil
      return `<rect x="240" y="210" width="290" height="380" rx="20" fill="${c}"/>
  <rect x="300" y="260" width="190" height="60" rx="10" fill="#ffffff" opacity="0.85"/>
  <rect x="320" y="282" width="120" height="14" rx="7" fill="${dark}"/>
  ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<circle cx="240" cy="${250 + i * 50}" r="14" fill="none" stroke="${dark}" stroke-width="8"/>`).join("")}
  <path d="M560 220 l40 0 l0 320 l-20 40 l-20 -40z" fill="${light}" stroke="${dark}" stroke-width="6" stroke-linejoin="round"/>
  <rect x="560" y="200" width="40" height="30" rx="6" fill="${dark}"/>`;
    case "parcel": // a wrapped parcel with a tag, for items no drawing shows
      return `<path d="M230 330 l170 -80 l170 80 v260 l-170 70 l-170 -70z" fill="${c}"/>
  <path d="M400 410 v250 l170 -70 v-260z" fill="${dark}" opacity="0.45"/>
  <path d="M230 330 l170 80 l170 -80" fill="none" stroke="${light}" stroke-width="10" stroke-linejoin="round"/>
  <path d="M315 290 l170 80 v70" fill="none" stroke="#fdfbf5" stroke-width="22" opacity="0.85"/>
  <circle cx="560" cy="250" r="40" fill="#fdfbf5" stroke="${dark}" stroke-width="8"/>
  <circle cx="560" cy="250" r="10" fill="${dark}"/>`;
  }
}

/** The SVG of one view of a drawing in colour `hex`. */
export function illustrationSvg(kind: PictureKind, hex: string, view: number): string {
  const backdrop = view === 0 ? ["#f5f7fb", "#e3e8f2"] : ["#fbf7f0", "#efe5d6"];
  // view 1: 1.6 x around a point of interest, so the second picture is a close-up rather than a copy
  const body =
    view === 0 ? drawing(kind, hex) : `<g transform="translate(400 400) scale(1.6) translate(-400 -430)">${drawing(kind, hex)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${backdrop[0]}"/><stop offset="1" stop-color="${backdrop[1]}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  ${view === 0 ? `<ellipse cx="400" cy="640" rx="230" ry="26" fill="#000000" opacity="0.08"/>` : ""}
  ${body}
</svg>`;
}
