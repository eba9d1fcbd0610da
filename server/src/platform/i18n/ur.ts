import type { MessageKey } from "./en";

/** The server's messages in Urdu; `{{name}}` as in ./en.ts. A missing key does not compile. */
export const ur: Record<MessageKey, string> = {
  legacy: "{{text}}",

  "message.new": "{{sender}}: {{preview}}",
  "message.photo": "{{sender}}: تصویر",

  "offer.new": "نئی پیشکش: {{amountPaisa}}۔",
  "offer.accepted": "آپ کی {{amountPaisa}} کی پیشکش قبول ہو گئی۔",
  "offer.declined": "آپ کی {{amountPaisa}} کی پیشکش رد ہو گئی۔",
  "offer.withdrawn": "{{amountPaisa}} کی پیشکش واپس لے لی گئی۔",
  "offer.expired": "{{amountPaisa}} کی پیشکش کی مدت ختم ہو گئی۔",

  "reservation.ending":
    '"{{product}}" کی آپ کی بکنگ {{endsAt}} پر ختم ہو گی: اس سے پہلے خرید لیں، ورنہ یہ دوبارہ فروخت کے لیے پیش ہو جائے گی۔',
  "reservation.lapsed": '"{{product}}" کی آپ کی بکنگ ختم ہو گئی: اب یہ سب کے لیے دوبارہ فروخت پر ہے۔',
  "reservation.lapsedSeller": '{{buyer}} کی "{{product}}" کی بکنگ ختم ہو گئی: یہ دوبارہ فروخت پر ہے۔',
  "reservation.releasedByBuyer": '{{buyer}} نے "{{product}}" کی اپنی بکنگ چھوڑ دی: یہ دوبارہ فروخت پر ہے۔',
  "reservation.releasedBySeller": 'بیچنے والے نے "{{product}}" کی آپ کی بکنگ ختم کر دی: اب یہ سب کے لیے دوبارہ فروخت پر ہے۔',

  "order.placed": "{{buyer}} کی طرف سے نیا آرڈر {{order}}۔",
  "order.cancelledBy": "{{who}} نے آرڈر {{order}} منسوخ کر دیا۔",
  "order.cancelledByAdmin": "ایک ایڈمن نے آرڈر {{order}} منسوخ کر دیا۔",
  "order.setBy": "{{who}} نے آرڈر {{order}} کی حالت {{status}} کر دی۔",
  "order.setByAdmin": "ایک ایڈمن نے آرڈر {{order}} کی حالت {{status}} کر دی۔",
  "order.nowStatus": "آپ کا آرڈر {{order}} اب {{status}} ہے۔",
  "order.unpaidBuyer":
    "آرڈر {{order}} کی ادائیگی وقت پر نہیں ہوئی، اس لیے یہ منسوخ ہو گیا اور اس کی چیزیں دوبارہ فروخت پر ہیں۔ خریدنے کے لیے دوبارہ آرڈر کریں۔",
  "order.unpaidSeller": "آرڈر {{order}} منسوخ ہو گیا: خریدار نے وقت پر ادائیگی نہیں کی۔ اس کی چیزیں دوبارہ فروخت پر ہیں۔",
  "order.meetupProposed": "{{who}} نے آرڈر {{order}} کے لیے نئی ملاقات تجویز کی: {{place}}، {{meetupAt}}۔",
  "order.meetupConfirmed": "{{who}} نے آرڈر {{order}} کی ملاقات پکی کر دی: {{place}}، {{meetupAt}}۔",
  "order.deliveredAsk":
    "{{seller}} نے آرڈر {{order}} کو پہنچا ہوا لکھ دیا۔ کیا آپ کو مل گیا؟ {{dueAt}} تک تصدیق کریں، یا کچھ غلط ہو تو اعتراض کریں؛ اس کے بعد یہ خود بخود تصدیق ہو جائے گا۔",
  "order.handedOverCode": "آرڈر {{order}} حوالے کر دیا گیا: آپ کے کوڈ سے تصدیق ہو گئی۔",
  "order.buyerConfirmed": "خریدار نے آرڈر {{order}} ملنے کی تصدیق کر دی۔",
  "order.autoConfirmed": "آرڈر {{order}} کی تصدیق ہو گئی: خریدار نے 48 گھنٹوں میں اعتراض نہیں کیا۔",
  "order.objected": '{{buyer}} کو آرڈر {{order}} کی حوالگی پر اعتراض ہے: "{{reason}}"',
  "order.noShow": "{{reporter}} نے بتایا کہ آپ آرڈر {{order}} کی ملاقات پر نہیں آئے۔ آپ {{hours}} گھنٹوں کے اندر اس پر اعتراض کر سکتے ہیں۔",
  "noShow.upheldReporter": "ایڈمن نے آرڈر {{order}} پر آپ کی غیر حاضری کی رپورٹ برقرار رکھی: یہ دوسرے فریق کے ریکارڈ پر رہے گی۔",
  "noShow.upheldAccused": "ایڈمن نے آرڈر {{order}} پر غیر حاضری کی رپورٹ برقرار رکھی: یہ آپ کے ریکارڈ پر رہے گی۔",
  "noShow.droppedReporter": "ایڈمن نے آرڈر {{order}} پر آپ کی غیر حاضری کی رپورٹ ختم کر دی: یہ دوسرے فریق کے ریکارڈ پر نہیں۔",
  "noShow.droppedAccused": "ایڈمن نے آرڈر {{order}} پر غیر حاضری کی رپورٹ ختم کر دی: یہ آپ کے ریکارڈ سے ہٹا دی گئی۔",
  "noShow.droppedOnHandoverReporter": "آرڈر {{order}} حوالے کر دیا گیا، اس لیے اس پر آپ کی غیر حاضری کی رپورٹ ختم کر دی گئی۔",
  "noShow.droppedOnHandoverAccused":
    "آرڈر {{order}} حوالے کر دیا گیا، اس لیے اس پر غیر حاضری کی رپورٹ ختم کر دی گئی: یہ آپ کے ریکارڈ پر نہیں۔",
  "heldListing.released": 'ایڈمن نے "{{product}}" کو دیکھ کر بحال کر دیا: یہ دوبارہ دکان میں ہے۔',
  "heldListing.keptNOT_OWN_PHOTO":
    'ایڈمن نے "{{product}}" کو دیکھ کر چھپا رہنے دیا: اس کی تصویر کسی دوسرے بیچنے والے کی لسٹنگ کی تصویر ہے۔',
  "heldListing.keptSAME_ITEM": 'ایڈمن نے "{{product}}" کو دیکھ کر چھپا رہنے دیا: یہی چیز پہلے سے کسی دوسرے بیچنے والے نے لسٹ کی ہوئی ہے۔',
  "heldListing.keptOTHER": 'ایڈمن نے "{{product}}" کو دیکھ کر چھپا رہنے دیا: {{reason}}',
  "order.reviewBuyer":
    "آرڈر {{order}} مکمل ہو گیا۔ {{by}} تک بیچنے والے اور چیز کا جائزہ لکھیں۔ جائزے تب نظر آئیں گے جب آپ دونوں لکھ لیں گے۔",
  "order.reviewSeller": "آرڈر {{order}} مکمل ہو گیا۔ {{by}} تک خریدار کا جائزہ لکھیں۔ جائزے تب نظر آئیں گے جب آپ دونوں لکھ لیں گے۔",
  "order.reviewsVisible": "آرڈر {{order}} کے جائزے اب نظر آ رہے ہیں۔",

  "meetup.soon": "آرڈر {{order}} کی ملاقات جلد: {{meetupAt}}، {{place}} پر۔",
  "meetup.soonBuyer": "آرڈر {{order}} کی ملاقات جلد: {{meetupAt}}، {{place}} پر۔ آرڈر کے صفحے سے بیچنے والے کو اپنا حوالگی کوڈ دکھائیں۔",
  "meetup.soonSeller":
    "آرڈر {{order}} کی ملاقات جلد: {{meetupAt}}، {{place}} پر۔ خریدار سے حوالگی کوڈ لیں اور اسے آرڈر کے صفحے پر لکھیں، ملاقات سے {{minutes}} منٹ پہلے سے۔",

  "saved.priceDrop": 'قیمت کم ہو گئی: "{{product}}" اب {{pricePaisa}} کا ہے۔',
  "saved.sold": 'بک گیا: "{{product}}" اب دستیاب نہیں۔',

  "alert.wanted": 'ابھی لگایا گیا، آپ کی مطلوبہ پوسٹ "{{title}}" کے لیے: "{{product}}"، {{pricePaisa}} میں۔',
  "alert.search": 'ابھی لگایا گیا، آپ کی محفوظ تلاش {{search}} کے لیے: "{{product}}"، {{pricePaisa}} میں۔',

  "payment.heldBuyer": "آرڈر {{order}} کے لیے آپ کی {{amountPaisa}} کی ادائیگی چیز ملنے تک روکی گئی ہے۔",
  "payment.heldSeller": "آرڈر {{order}} کے {{amountPaisa}} ادا ہو کر روکے گئے ہیں: خریدار کو چیز ملتے ہی یہ آپ کے ہیں۔",
  "payment.refunded": "آرڈر {{order}} کے {{amountPaisa}} خریدار کو واپس کر دیے گئے۔",
  "payment.released": "آرڈر {{order}} کے {{amountPaisa}} آپ کے بیلنس میں آ گئے۔",
  "payment.releasedLessFee": "آرڈر {{order}} کے {{amountPaisa}} آپ کے بیلنس میں آ گئے ({{feePaisa}} فیس کاٹ کر)۔",
  "payment.refused": "آپ کی {{provider}} سے {{amountPaisa}} کی ادائیگی قبول نہیں ہو سکی: {{reason}} یہ پوری رقم آپ کو واپس کی جا رہی ہے۔",
  "payment.mismatch": "ادائیگیاں: {{provider}} {{reference}} {{detail}}۔",

  "dispute.openedSeller": "خریدار نے آرڈر {{order}} پر تنازع کھولا ہے: 3 دن کے اندر جواب دیں۔",
  "dispute.openedBuyer": "آرڈر {{order}} پر آپ کا تنازع کھل گیا: فیصلے تک ادائیگی روکی رہے گی۔",
  "dispute.answered": "بیچنے والے نے آرڈر {{order}} کے تنازع کا جواب دے دیا: ایک ایڈمن فیصلہ کرے گا۔",
  "dispute.ready": "آرڈر {{order}} کا تنازع فیصلے کے لیے تیار ہے۔",
  "dispute.decidedRelease": "آرڈر {{order}} کے تنازع کا فیصلہ ہو گیا: ادائیگی بیچنے والے کو ملے گی۔",
  "dispute.decidedRefund": "آرڈر {{order}} کے تنازع کا فیصلہ ہو گیا: {{amountPaisa}} خریدار کو واپس کیے جا رہے ہیں۔",
  "dispute.decidedPartial": "آرڈر {{order}} کے تنازع کا فیصلہ ہو گیا: {{amountPaisa}} خریدار کو واپس، باقی بیچنے والے کو۔",
  "dispute.unanswered": "بیچنے والے نے آرڈر {{order}} کے تنازع کا وقت پر جواب نہیں دیا: ایک ایڈمن فیصلہ کرے گا۔",
  "dispute.readyUnanswered": "آرڈر {{order}} کا تنازع فیصلے کے لیے تیار ہے (بیچنے والے کا جواب نہیں آیا)۔",
  "dispute.reminder": "یاد دہانی: آرڈر {{order}} کا تنازع فیصلے کا منتظر ہے۔",

  "payout.sent": "آپ کی {{amountPaisa}} کی ادائیگی بھیج دی گئی (حوالہ {{reference}})۔",
  "payout.refused": "آپ کی {{amountPaisa}} کی ادائیگی کی درخواست رد ہو گئی: {{reason}} رقم آپ کے بیلنس میں واپس آ گئی۔",

  "push.MESSAGES": "نیا پیغام",
  "push.OFFERS": "پیشکش میں تبدیلی",
  "push.ORDERS": "آرڈر میں تبدیلی",
  "push.SAVED_SEARCHES": "آپ کے لیے نئی چیز",
  "push.MEETUPS": "ملاقات جلد",

  "status.pending": "زیرِ التوا",
  "status.confirmed": "تصدیق شدہ",
  "status.processing": "تیاری میں",
  "status.shipped": "روانہ",
  "status.completed": "مکمل",
  "status.rejected": "رد",
  "status.cancelled": "منسوخ",

  "mail.digest.subject_one": "UniBazaar: آپ کی محفوظ تلاشوں کے لیے 1 نئی چیز",
  "mail.digest.subject": "UniBazaar: آپ کی محفوظ تلاشوں کے لیے {{count}} نئی چیزیں",
  "mail.digest.body":
    "السلام علیکم {{name}}،\n\nآپ کی محفوظ تلاشوں کے لیے UniBazaar پر نیا:\n\n{{lines}}\n\nیہ ای میل اپنی محفوظ تلاشوں کے صفحے پر بند کریں۔\n",
  "mail.digest.line": "- {{product}}، {{pricePaisa}}: {{link}}",

  "mail.verify.subject": "{{code}} آپ کا UniBazaar تصدیقی کوڈ ہے",
  "mail.verify.body":
    "السلام علیکم {{name}}،\n\nUniBazaar پر {{email}} کو اپنی یونیورسٹی ای میل کے طور پر تصدیق کرنے کا کوڈ:\n\n    {{code}}\n\nیہ ایک بار، {{minutes}} منٹ کے اندر کام کرتا ہے۔ اگر آپ نے یہ نہیں مانگا تو اس ای میل کو نظر انداز کریں۔",

  "mail.reset.subject": "{{code}} آپ کا UniBazaar پاس ورڈ ری سیٹ کوڈ ہے",
  "mail.reset.body":
    "السلام علیکم {{name}}،\n\nکسی نے (امید ہے آپ نے) آپ کے UniBazaar اکاؤنٹ کا پاس ورڈ ری سیٹ کرنے کو کہا ہے۔ آپ کا کوڈ:\n\n    {{code}}\n\nیہ ایک بار، {{minutes}} منٹ کے اندر کام کرتا ہے۔ نیا پاس ورڈ رکھنے سے آپ ہر ڈیوائس سے لاگ آؤٹ ہو جائیں گے۔\nاگر آپ نے یہ نہیں مانگا تو اس ای میل کو نظر انداز کریں: آپ کا پاس ورڈ وہی رہے گا۔",
};
