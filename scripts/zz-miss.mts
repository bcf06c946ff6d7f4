import { findScamSignals } from "../shared/scam-guard";
const lines = [
  "I am sending QR code, scan it and you will receive 5000",
  "Sir please check PhonePe, I sent money request, accept it",
  "Bhai UPI pin daal ke confirm karo, paisa aa jayega",
  "Pay 1000 first, I will send the item by courier",
  "Mujhe advance chahiye 500",
  "I'm posted in Army cantonment Pune, will send jawan to pick",
  "I sent you 15000 instead of 1500 by mistake, please send back 13500",
  "Verify on this link to get money: https://upi-verify.co/x",
  "WhatsApp me on 9876543210, I will send the payment link",
  "Share OTP received on your number to complete the payment",
  "Give me the code you got in SMS",
  "I'm out of station, pay online and my brother will deliver",
  "Please pay 50% now and 50% on delivery",
  "paise pehle transfer karo",
  "Sir, click on the link and enter the amount to receive",
  "open gpay and approve the 2000 request",
  "Item is with my friend, pay him ₹200 token on 98765@ybl",
];
for (const line of lines) console.log(findScamSignals(line).join(",").padEnd(30), JSON.stringify(line));
