/**
 * An AudioWorklet pitch shifter (two crossfaded read heads sliding through a delay line, the
 * classic delay-modulation shifter): cheap, no latency beyond one 40 ms window, and it keeps
 * the signal's timing, which a call needs. Shipped as source text and loaded from a Blob URL so
 * no extra file has to be served next to each remote.
 */
export const PITCH_PROCESSOR = 'honne-pitch-shifter';

export const PITCH_WORKLET_SOURCE = `
class PitchShifter extends AudioWorkletProcessor {
  static get parameterDescriptors() {
    return [{ name: 'ratio', defaultValue: 1, minValue: 0.25, maxValue: 4, automationRate: 'k-rate' }];
  }
  constructor() {
    super();
    this.window = Math.round(sampleRate * 0.04);
    this.size = this.window * 4;
    this.buffer = new Float32Array(this.size);
    this.write = 0;
    this.phase = 0;
  }
  read(delay) {
    let pos = this.write - delay;
    while (pos < 0) pos += this.size;
    const i = Math.floor(pos);
    const frac = pos - i;
    const a = this.buffer[i % this.size];
    const b = this.buffer[(i + 1) % this.size];
    return a + (b - a) * frac;
  }
  process(inputs, outputs, parameters) {
    const input = inputs[0] && inputs[0][0];
    const output = outputs[0];
    if (!output || !output[0]) return true;
    const ratio = parameters.ratio[0];
    const step = (1 - ratio) / this.window;
    const out = output[0];
    for (let n = 0; n < out.length; n++) {
      this.buffer[this.write] = input ? input[n] : 0;
      let p1 = this.phase;
      let p2 = p1 + 0.5;
      if (p2 >= 1) p2 -= 1;
      // sin² windows offset by half a period sum to one: no level dip at the crossfade.
      const w1 = Math.sin(Math.PI * p1) ** 2;
      const w2 = Math.sin(Math.PI * p2) ** 2;
      out[n] = this.read(p1 * this.window + 1) * w1 + this.read(p2 * this.window + 1) * w2;
      this.phase += step;
      if (this.phase >= 1) this.phase -= 1;
      if (this.phase < 0) this.phase += 1;
      this.write = (this.write + 1) % this.size;
    }
    for (let c = 1; c < output.length; c++) output[c].set(out);
    return true;
  }
}
registerProcessor('${PITCH_PROCESSOR}', PitchShifter);
`;
