import type { CategorySlug, ColorSlug } from "../../modules/products";

/**
 * Demo listings: name, category, price in PKR, for some the old price shown struck through, and
 * the units for sale (DEMO_STOCK unless given; a demo order buys the single power bank, so the
 * shop shows a sold listing).
 */
export type DemoProduct = { name: string; category: CategorySlug; price: number; oldPrice?: number; description: string; quantity: number };

const DEMO_STOCK = 5;

const items: Array<[CategorySlug, string, number, number | undefined, string, number?]> = [
  [
    "electronics",
    "Scientific Calculator",
    2450,
    2999,
    "Casio-style scientific calculator with 417 functions, ideal for engineering and FSc maths.",
  ],
  ["electronics", "Wireless Earbuds", 3999, 5499, "Bluetooth 5.3 earbuds with charging case and 20 hours of battery."],
  ["electronics", "USB-C Power Bank 10000mAh", 3200, undefined, "Slim power bank with fast charging for phones and tablets.", 1],
  ["electronics", "Laptop Cooling Pad", 1850, undefined, "Two-fan cooling pad with adjustable height for long study nights."],
  ["electronics", "Desk LED Lamp", 2100, 2600, "Dimmable LED lamp with three colour temperatures and USB charging port."],
  ["electronics", "Mechanical Keyboard", 6800, 7999, "Compact mechanical keyboard with blue switches and backlight."],
  ["electronics", "Wireless Mouse", 1250, undefined, "Silent-click wireless mouse with 18-month battery life."],
  [
    "books",
    "Engineering Mathematics Textbook",
    1800,
    2400,
    "Used copy of the standard engineering mathematics textbook, lightly highlighted.",
  ],
  ["books", "Organic Chemistry Notes", 650, undefined, "Handwritten, well-organised organic chemistry notes for MDCAT preparation."],
  ["books", "Introduction to Algorithms", 3500, 4200, "Classic algorithms textbook, third edition, good condition."],
  ["books", "Urdu Poetry Collection", 900, undefined, "Selected works of Faiz and Iqbal in a hardbound edition."],
  ["books", "Principles of Economics", 2200, undefined, "Economics textbook for first-year BBA students."],
  ["books", "IELTS Preparation Guide", 1500, 1900, "Complete IELTS guide with practice tests and audio links."],
  ["books", "Data Structures in C++", 2700, undefined, "Data structures textbook with solved exercises."],
  ["clothing", "University Hoodie", 2999, 3499, "Warm fleece hoodie, perfect for winter mornings on campus."],
  ["clothing", "Cotton Kurta", 2200, undefined, "Breathable cotton kurta for everyday wear."],
  ["clothing", "Denim Jacket", 4500, 5200, "Classic denim jacket in a relaxed fit."],
  ["clothing", "Formal Dress Shirt", 1999, undefined, "Wrinkle-free formal shirt for presentations and interviews."],
  ["clothing", "Embroidered Lawn Suit", 3800, 4500, "Three-piece embroidered lawn suit, unstitched."],
  ["clothing", "Woollen Scarf", 950, undefined, "Soft woollen scarf for chilly evenings."],
  ["clothing", "Sports Track Suit", 3300, undefined, "Two-piece track suit for gym and jogging."],
  ["furniture", "Folding Study Table", 5500, 6500, "Compact folding table that fits any hostel room."],
  ["furniture", "Ergonomic Desk Chair", 12500, 14999, "Adjustable chair with lumbar support for long study sessions."],
  ["furniture", "Bookshelf 4-Tier", 6200, undefined, "Four-tier wooden bookshelf, easy to assemble."],
  ["furniture", "Bean Bag", 4800, undefined, "Comfortable bean bag for the common room."],
  ["furniture", "Bedside Organizer", 1600, undefined, "Hanging organizer with pockets for phone, glasses and notes."],
  ["furniture", "Floor Cushion Set", 2800, 3200, "Set of two floor cushions with washable covers."],
  ["furniture", "Shoe Rack", 2300, undefined, "Three-level metal shoe rack."],
  ["jewellery", "Silver Hoop Earrings", 1800, undefined, "Sterling silver hoop earrings, hypoallergenic."],
  ["jewellery", "Gold-Plated Bracelet", 2500, 3100, "Delicate gold-plated bracelet with adjustable clasp."],
  ["jewellery", "Diamond Earrings", 9500, 11000, "Elegant cubic-zirconia stud earrings in a gift box."],
  ["jewellery", "Beaded Necklace", 1200, undefined, "Handmade beaded necklace from local artisans."],
  ["jewellery", "Kundan Jhumkas", 2200, undefined, "Traditional kundan jhumkas for weddings and Eid."],
  ["jewellery", "Minimal Ring Set", 850, undefined, "Set of five stackable minimal rings."],
  ["jewellery", "Charm Anklet", 700, undefined, "Light anklet with tiny charms."],
  ["cosmetics", "Matte Lipstick", 1100, 1400, "Long-lasting matte lipstick, smudge-proof."],
  ["cosmetics", "Sunscreen SPF 50", 1650, undefined, "Lightweight sunscreen for daily use."],
  ["cosmetics", "Herbal Face Wash", 750, undefined, "Gentle herbal face wash for all skin types."],
  ["cosmetics", "Kajal Eyeliner", 450, undefined, "Smooth kajal eyeliner, water-resistant."],
  ["cosmetics", "Hair Oil Blend", 890, undefined, "Nourishing blend of coconut, almond and amla oils."],
  ["cosmetics", "Nail Polish Set", 1300, 1600, "Set of six quick-dry nail polish shades."],
  ["cosmetics", "Moisturising Cream", 1200, undefined, "Non-greasy moisturiser for dry winters."],
  ["sports", "Cricket Bat", 5500, 6500, "English willow cricket bat, full size."],
  ["sports", "Football", 2200, undefined, "Size 5 match football, hand-stitched in Sialkot."],
  ["sports", "Badminton Racket Pair", 3200, undefined, "Two lightweight rackets with a shuttle tube."],
  ["sports", "Yoga Mat", 1900, 2300, "Non-slip 6mm yoga mat with carry strap."],
  ["sports", "Skipping Rope", 500, undefined, "Adjustable speed rope for cardio."],
  ["sports", "Table Tennis Paddles", 2600, undefined, "Pair of paddles with three balls."],
  ["sports", "Gym Gloves", 1100, undefined, "Padded gloves for weight training."],
  ["stationery", "A4 Spiral Notebook Pack", 850, 1000, "Pack of five 200-page spiral notebooks."],
  ["stationery", "Gel Pen Set", 600, undefined, "Set of 12 smooth gel pens in assorted colours."],
  ["stationery", "Geometry Box", 450, undefined, "Complete geometry box with compass and protractor."],
  ["stationery", "Highlighter Pack", 550, undefined, "Six pastel highlighters with chisel tips."],
  ["stationery", "Drawing Sketchbook", 1200, undefined, "A3 sketchbook with 120 gsm paper for architecture students."],
  ["stationery", "Sticky Notes Bundle", 400, undefined, "Colourful sticky notes in four sizes."],
  ["stationery", "Lab Coat", 1800, 2100, "White cotton lab coat for science and medical students."],
  ["accessories", "Laptop Backpack", 3500, 4200, "Water-resistant backpack with padded 15.6-inch laptop sleeve."],
  ["accessories", "Analog Wrist Watch", 4200, undefined, "Classic analog watch with leather strap."],
  ["accessories", "Sunglasses", 1500, 1999, "UV400 polarised sunglasses."],
  ["accessories", "Leather Wallet", 1700, undefined, "Slim genuine-leather wallet with card slots."],
  ["accessories", "Water Bottle", 950, undefined, "Insulated steel bottle keeps drinks cold for 24 hours."],
  ["accessories", "Phone Stand", 650, undefined, "Foldable aluminium phone stand for online classes."],
  ["accessories", "Umbrella", 1100, undefined, "Compact windproof umbrella for the monsoon."],
];

export const demoProducts: DemoProduct[] = items.map(([category, name, price, oldPrice, description, quantity = DEMO_STOCK]) => ({
  name,
  category,
  price,
  oldPrice,
  description,
  quantity,
}));

/** Colours are spread so every colour appears in every category. */
export const colorFor = (index: number, colors: readonly ColorSlug[]): ColorSlug => colors[index % colors.length];
