// Random friendly display names for one-click guests.
const ADJECTIVES = ["Brave", "Clever", "Sunny", "Swift", "Gentle", "Lucky", "Mighty", "Quiet", "Witty", "Bold", "Merry", "Nimble"];
const ANIMALS = ["Otter", "Falcon", "Panda", "Fox", "Heron", "Lynx", "Badger", "Koala", "Marten", "Gecko", "Puffin", "Wren"];

export function friendlyName(random: () => number = Math.random): string {
  const pick = <T,>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
  return `${pick(ADJECTIVES)} ${pick(ANIMALS)} ${10 + Math.floor(random() * 90)}`;
}
