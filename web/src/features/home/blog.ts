/** The blog's four articles: the home page lists them, /blog/:slug shows one. */
export type BlogPost = { slug: string; image: string; date: string; title: string; text: string; body: string[] };

export const POSTS: BlogPost[] = [
  {
    slug: "first-year-engineering-checklist",
    image: "/images/blog-exam-prep.svg",
    date: "2026-10-02",
    title: "10 things every first-year engineering student needs",
    text: "From a reliable scientific calculator to the right drawing set: a checklist that saves money in the first semester.",
    body: [
      "A scientific calculator your exams allow (ask your department which models), a drawing set with a compass that holds its radius, and an A3 clip board for engineering drawing come first.",
      "Add a lab coat, safety goggles, a USB drive for lab files, a sturdy backpack, a desk lamp for late nights, graph paper, a set of fine-liners and the first semester's core textbooks.",
      "Almost all of it is sold every summer by the students a year ahead of you: search UniBazaar before you pay the bookshop's price, and meet the seller on campus to check it first.",
    ],
  },
  {
    slug: "hostel-room-feel-like-home",
    image: "/images/blog-hostel.svg",
    date: "2026-10-15",
    title: "Making a hostel room feel like home",
    text: "Folding tables, floor cushions and good lighting: small buys that make long study nights easier.",
    body: [
      "A folding table turns a bed into a desk and disappears when friends come over; floor cushions give them somewhere to sit.",
      "Warm light matters more than it seems: a clip-on lamp over the bed and a desk lamp with a neutral bulb make long study nights easier on the eyes.",
      "Hostel rooms change hands every year, and so does what is in them: students leaving sell these things cheaply at the end of each semester.",
    ],
  },
  {
    slug: "sell-old-textbooks-fast",
    image: "/images/blog-selling.svg",
    date: "2026-10-28",
    title: "How to sell your old textbooks fast",
    text: "Clear photos, an honest description and a fair price in PKR: what buyers look for in a listing.",
    body: [
      "Photograph the cover, the edition page and any marked pages in daylight: buyers want to see the edition and the condition before they write.",
      "Say the edition, the course it was used for and its condition honestly, and pick the campus where you can hand it over.",
      "Price it a fair share below a new copy, answer messages inside UniBazaar (never share your phone number in the listing) and meet in a public place on campus.",
    ],
  },
  {
    slug: "student-budget-that-works",
    image: "/images/blog-budget.svg",
    date: "2026-11-09",
    title: "A student budget that actually works",
    text: "Split your monthly allowance, plan the big purchases and let second-hand deals do the rest.",
    body: [
      "Split the allowance as it arrives: fixed costs (mess, transport, phone) first, then a set amount for books and supplies, then what is left to spend.",
      "Plan the big purchases a month ahead, so you can wait for a good second-hand offer instead of buying new in a hurry.",
      "Sell what you no longer need at the end of each semester: it pays for part of the next one.",
    ],
  },
];
