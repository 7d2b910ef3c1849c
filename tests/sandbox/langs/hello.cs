using System;
using System.Numerics;

class Hello {
    static void Main() {
        // BigInteger is System.Numerics, which judges reference (-r:System.Numerics)
        var parts = Console.ReadLine().Split(' ');
        BigInteger sum = BigInteger.Parse(parts[0]) + BigInteger.Parse(parts[1]);
        Console.WriteLine("hello " + sum);
    }
}
