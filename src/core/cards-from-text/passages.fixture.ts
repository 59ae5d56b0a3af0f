/** Short real-world passages for the generator's and the checks' tests. */
export const PASSAGES = {
  photosynthesis: [
    'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells, which contain the green pigment chlorophyll.',
    'During the light-dependent reactions, water molecules are split and oxygen is released as a by-product. The energy captured is stored in ATP and NADPH.',
    'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO, probably the most abundant protein on Earth, catalyses the first step of carbon fixation.',
    'Jan Ingenhousz discovered in 1779 that light is essential for photosynthesis. Melvin Calvin mapped the cycle that bears his name in 1950 and received the Nobel Prize in Chemistry in 1961.',
  ].join('\n\n'),
  revolution: [
    'The French Revolution was a period of political and social upheaval in France that began in 1789. It ended the absolute monarchy of Louis XVI and established a republic.',
    'The storming of the Bastille on 14 July 1789 became the symbol of the revolution. The National Assembly adopted the Declaration of the Rights of Man and of the Citizen in August 1789.',
    'Louis XVI was executed by guillotine in January 1793. During the Reign of Terror, led by Maximilien Robespierre, about 17,000 people were officially executed.',
    'The revolution ended in 1799 when Napoleon Bonaparte seized power in the coup of 18 Brumaire. Historians regard it as one of the most important events in European history.',
  ].join('\n\n'),
  tcp: [
    'The Transmission Control Protocol is a connection-oriented protocol of the Internet protocol suite. It provides reliable, ordered delivery of a stream of bytes between applications.',
    'TCP establishes a connection with a three-way handshake of SYN, SYN-ACK and ACK segments. Vint Cerf and Bob Kahn described the protocol in 1974.',
    'Congestion control in TCP uses slow start, congestion avoidance and fast retransmit. The sender keeps a congestion window that limits the data in flight.',
    'The User Datagram Protocol is a simpler alternative that offers no delivery guarantees. Applications such as video calls prefer UDP because low latency matters more than reliability.',
  ].join('\n\n'),
  howTo: [
    'To brew pour-over coffee, heat fresh water to about 94 degrees Celsius. Weigh 20 grams of coffee for 320 grams of water, a ratio of one to sixteen.',
    'Grind the beans to a medium-fine texture, similar to table salt. Place a paper filter in the dripper and rinse it with hot water to remove the papery taste.',
    'Pour about 40 grams of water over the grounds and wait 30 seconds. This step is called the bloom: it lets carbon dioxide escape from freshly roasted coffee.',
    'Pour the remaining water in slow circles over about two minutes. A total brew time of three to four minutes gives a balanced cup. If the coffee tastes sour, grind finer; if it tastes bitter, grind coarser.',
  ].join('\n\n'),
};
