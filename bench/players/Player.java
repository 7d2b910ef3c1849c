// anti-Nim played perfectly (examples/anti-nim-play/solutions/accepted/player.cpp's rule), for bench/interact_players.py:
// the package has no Java player, and a JVM sizes itself by the CPUs it may use (one, when pinned).
import java.io.*;
import java.util.*;

public class Player {
    static int[] move(int[] a) {
        int x = 0, ones = 0, nbig = 0, big = -1;
        for (int i = 0; i < a.length; i++) {
            x ^= a[i];
            if (a[i] == 1) ones++;
            if (a[i] >= 2) { nbig++; big = i; }
        }
        if (nbig == 0) {
            for (int i = 0; i < a.length; i++) if (a[i] != 0) return new int[]{i, 1};
        }
        if (nbig == 1) return new int[]{big, ones % 2 == 0 ? a[big] - 1 : a[big]};
        for (int i = 0; i < a.length; i++) if ((a[i] ^ x) < a[i]) return new int[]{i, a[i] - (a[i] ^ x)};
        return new int[]{0, 1};
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
        int t = Integer.parseInt(in.readLine().trim());
        for (int g = 0; g < t; g++) {
            in.readLine();
            StringTokenizer st = new StringTokenizer(in.readLine());
            int n = st.countTokens();
            int[] a = new int[n];
            for (int i = 0; i < n; i++) a[i] = Integer.parseInt(st.nextToken());
            while (true) {
                int[] m = move(a);
                a[m[0]] -= m[1];
                out.println((m[0] + 1) + " " + m[1]);
                out.flush();
                st = new StringTokenizer(in.readLine());
                int j = Integer.parseInt(st.nextToken()), k = Integer.parseInt(st.nextToken());
                if (j == 0) break;
                a[j - 1] -= k;
            }
        }
    }
}
