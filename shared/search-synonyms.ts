/**
 * The words browse's search takes as one (issue 37, decision 047): English, Hinglish as students
 * type it, and Hindi in Devanagari, one group per thing sold on a campus. A search for any word of a
 * group also finds listings that use another ('kitab' finds 'किताब' and 'Books', 'cycle' finds
 * 'साइकिल'). Written in lower case, singular; plurals are found by the search itself ('books' reads
 * as 'book', 'किताबें' contains 'किताब'). A word belongs to one group only, and a word that means
 * something else on its own (a brand, a subject) stays out: every extra word widens every search
 * for its group.
 *
 * This is the only list: add a pair here and the search knows it (no migration needed).
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ["book", "kitab", "kitaab", "किताब", "पुस्तक", "pustak"],
  ["notes", "नोट्स", "नोट"],
  ["copy", "notebook", "कॉपी", "कापी"],
  ["calculator", "कैलकुलेटर", "calci"],
  ["cycle", "bicycle", "saikil", "cycal", "साइकिल", "साईकिल", "सायकल"],
  ["mattress", "gadda", "gadde", "गद्दा", "गद्दे"],
  ["pillow", "takiya", "तकिया"],
  ["blanket", "kambal", "कंबल", "कम्बल", "razai", "रजाई"],
  ["cooler", "कूलर"],
  ["fan", "pankha", "पंखा"],
  ["table", "mez", "mej", "मेज", "मेज़", "टेबल"],
  ["chair", "kursi", "कुर्सी"],
  ["almirah", "almari", "cupboard", "wardrobe", "अलमारी"],
  ["bucket", "balti", "बाल्टी"],
  ["laptop", "लैपटॉप"],
  ["phone", "mobile", "smartphone", "फोन", "फ़ोन", "मोबाइल"],
  ["charger", "चार्जर"],
  ["headphone", "earphone", "हेडफोन", "ईयरफोन"],
  ["bag", "backpack", "thaila", "बैग", "बस्ता", "basta"],
  ["bottle", "botal", "बोतल"],
  ["lamp", "लैंप", "बत्ती", "batti"],
  ["kettle", "केतली", "ketli"],
  ["iron", "istri", "इस्त्री"],
  ["shoe", "joota", "joote", "जूता", "जूते"],
  ["clock", "ghadi", "घड़ी", "घडी", "watch"],
  ["mirror", "shisha", "aaina", "शीशा", "आईना"],
  ["bed", "palang", "charpai", "पलंग", "चारपाई"],
  ["guitar", "गिटार"],
  ["cricket", "क्रिकेट"],
  ["bat", "बल्ला", "balla"],
];
