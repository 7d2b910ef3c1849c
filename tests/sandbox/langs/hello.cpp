#include <iostream>
int main() { int a, b; std::cin >> a >> b; std::cout << "hello " << a + b << "\n"; }
